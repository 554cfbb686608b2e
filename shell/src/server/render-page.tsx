import { Writable } from 'node:stream';
import {
  configureSupabase,
  parseRuntimeConfig,
  remoteExposesForPath,
  ServerRenderContext,
  STORE_INFO_KEY,
  STORE_INFO_REMOTE,
  type PageMeta,
  type RemoteName,
  type ServerData,
} from '@prepper/shared';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { ShopContent } from '../app/app';
import { RemoteLoaderContext } from '../components/remote/remote-loader-context';
import { ServerRenderState } from './server-render';
import { serverRemoteLoader } from './server-remotes';
import { storeInfoForRender } from './store-info';

export interface RenderOptions {
  /** The path and query asked for. */
  url: string;
  /** The shop's origin, for canonical URLs. */
  origin: string;
  /** The runtime configuration, as /config.json serves it. */
  config: unknown;
  /** How long a remote's server build may take to load before its slot is left to the browser. */
  remoteBudgetMs?: number;
  /** How long the whole render (with its reads) may take before what is still pending is left to the browser. */
  renderBudgetMs?: number;
}

export interface RenderResult {
  status: number;
  /** A permanent redirect to answer instead of the page. */
  redirect?: string;
  /** The markup of #root. */
  html: string;
  meta?: PageMeta;
  /** The reads the server did, by remote, for the browser's query caches. */
  data: ServerData;
  /** The slots rendered with their remote ('catalog/HomePage'); the browser loads them before hydrating. */
  rendered: string[];
  /** The slots sent as skeletons: their remote did not load in time. */
  skeletons: string[];
  /** Whether the render ran past its budget (what was pending is rendered by the browser). */
  timedOut: boolean;
}

export const DEFAULT_REMOTE_BUDGET_MS = 200;
export const DEFAULT_RENDER_BUDGET_MS = 1_500;

function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(undefined), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      () => {
        clearTimeout(timer);
        resolve(undefined);
      },
    );
  });
}

/** Collects a Node stream's text. */
class TextSink extends Writable {
  text = '';
  override _write(chunk: Buffer | string, _encoding: BufferEncoding, callback: () => void): void {
    this.text += chunk.toString();
    callback();
  }
}

/**
 * Renders one storefront page with React's streaming renderer. Everything that belongs to the request
 * (its reads, head, status) is in its own ServerRender, handed down by context; the remotes' code is
 * shared, their data never. The page is sent once it is complete (its status and head depend on what
 * the reads found) or once the budget is spent; a remote that is not loaded in time, or that throws,
 * costs only its slot, which the browser then renders.
 */
export async function renderPage({
  url,
  origin,
  config: rawConfig,
  remoteBudgetMs = DEFAULT_REMOTE_BUDGET_MS,
  renderBudgetMs = DEFAULT_RENDER_BUDGET_MS,
}: RenderOptions): Promise<RenderResult> {
  const config = parseRuntimeConfig(rawConfig);
  // The same for every request (the deployment's, not the visitor's): the catalogue reader's address.
  configureSupabase({ url: config.supabaseUrl, anonKey: config.supabaseAnonKey });
  const loader = serverRemoteLoader(config.remotes);
  const pathname = new URL(url, origin).pathname;

  const slots = remoteExposesForPath(pathname).flatMap(({ remote, exposes }) =>
    exposes.map((expose) => ({ remote: remote as RemoteName, expose })),
  );
  // The store's settings and emergency (the frame's texts, the cart's rules, the banner) are read with the
  // remotes' loading; without them in time the page shows the defaults and the browser reads them.
  const [storeInfo] = await Promise.all([
    within(storeInfoForRender(), remoteBudgetMs),
    ...slots.map(({ remote, expose }) => within(loader.load(remote, expose), remoteBudgetMs)),
  ]);
  const rendered: string[] = [];
  const skeletons: string[] = [];
  for (const { remote, expose } of slots) {
    (loader.peek(remote, expose) ? rendered : skeletons).push(`${remote}/${expose}`);
  }

  const render = new ServerRenderState(origin);
  if (storeInfo) {
    render.reads.set(
      STORE_INFO_REMOTE,
      new Map([[STORE_INFO_KEY, { status: 'done', value: storeInfo, promise: Promise.resolve() }]]),
    );
  }
  const sink = new TextSink();
  let timedOut = false;
  await new Promise<void>((resolve, reject) => {
    let settled = false;
    const stream = renderToPipeableStream(
      <ServerRenderContext.Provider value={render}>
        <RemoteLoaderContext.Provider value={loader}>
          <StaticRouter location={url}>
            <ShopContent />
          </StaticRouter>
        </RemoteLoaderContext.Provider>
      </ServerRenderContext.Provider>,
      {
        // Every boundary inline in its place: React outlines a large one (and adds inline scripts that
        // move it into place), which the Content-Security-Policy forbids. The page is sent whole anyway.
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        onAllReady() {
          clearTimeout(timer);
          sink.on('finish', () => resolve());
          stream.pipe(sink);
          settled = true;
        },
        onShellError(error) {
          clearTimeout(timer);
          if (!settled) reject(error instanceof Error ? error : new Error(String(error)));
        },
        onError(error) {
          // A slot that throws on the server is rendered by the browser (its Suspense boundary's fallback).
          console.error(
            `[ssr] ${url}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
          );
        },
      },
    );
    const timer = setTimeout(() => {
      // What is still pending is sent as its fallback and rendered by the browser.
      timedOut = true;
      stream.abort(new Error(`The server render of ${url} took longer than ${renderBudgetMs} ms`));
    }, renderBudgetMs);
  });

  return {
    status: render.redirect ? 301 : render.status,
    redirect: render.redirect,
    html: sink.text,
    meta: render.meta,
    data: render.data(),
    rendered,
    skeletons,
    timedOut,
  };
}
