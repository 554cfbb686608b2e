import { configureSupabase, parseRuntimeConfig, type RuntimeConfig } from '@prepper/shared';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { ShopRoot } from './app/app';
import { ConfigGate } from './app/config-gate';
import { startHydration } from './components/remote/remote-slot';
import { createFederationLoader, type RemoteLoader } from './lib/remote-registry';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

/** The id of the JSON block a server-rendered page carries (tools/serve/ssr.ts writes it). */
const SERVER_PAGE_ID = 'ssr-page';

interface ServerPage {
  config: unknown;
  /** Slots the server rendered with their remote, 'catalog/HomePage'. */
  rendered: string[];
  /** Slots the server sent as skeletons. */
  skeletons: string[];
}

function serverPage(): ServerPage | null {
  const block = document.getElementById(SERVER_PAGE_ID);
  if (!block?.textContent || !root?.firstElementChild) return null;
  try {
    return JSON.parse(block.textContent) as ServerPage;
  } catch (error) {
    console.error('The page carries an unreadable server block; rendering in the browser', error);
    return null;
  }
}

function render(config?: RuntimeConfig, loader?: RemoteLoader) {
  return (
    <StrictMode>
      <ConfigGate initial={config}>{(ready) => <ShopRoot config={ready} loader={loader} />}</ConfigGate>
    </StrictMode>
  );
}

/**
 * A server-rendered page is hydrated: the remotes the server rendered are loaded first (the page's HTML
 * named them for preloading), so the first render in the browser is the server's. Anything else renders
 * in the browser from scratch. Both run as a transition, so React works in slices of a few milliseconds
 * and a phone's main thread stays free for input (issues 12 and 26: total blocking time). A click on a
 * button before its part has hydrated is held and replayed (lib/early-clicks.ts); a link still works as a
 * plain link.
 */
async function start(container: HTMLElement): Promise<void> {
  const page = serverPage();
  if (!page) {
    startTransition(() => createRoot(container).render(render()));
    return;
  }
  const config = parseRuntimeConfig(page.config);
  configureSupabase({ url: config.supabaseUrl, anonKey: config.supabaseAnonKey });
  const loader = createFederationLoader(config.remotes);
  const skeletons = [...page.skeletons];
  await Promise.all(
    page.rendered.map(async (slot) => {
      const [remote, expose] = slot.split('/') as [Parameters<RemoteLoader['load']>[0], string];
      try {
        await loader.load(remote, expose);
      } catch (error) {
        // The slot shows its error once hydrated; until then it is what the server sent.
        console.warn(`Could not load ${slot} before hydrating`, error);
        skeletons.push(slot);
      }
    }),
  );
  startHydration(skeletons);
  startTransition(() => {
    hydrateRoot(container, render(config, loader), {
      onRecoverableError(error) {
        // A slot the server could not finish (a remote past its budget, or failing there) is rendered here.
        console.warn('A part of the page was rendered in the browser:', error);
      },
    });
  });
}

void start(root);
