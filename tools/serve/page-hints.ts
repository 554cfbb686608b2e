/**
 * Resource hints the shell's server writes into each page's HTML: without them the browser
 * learns where the catalogue and Supabase are only after the shell's script has run and fetched
 * /config.json, so a phone on a slow network waits for each step in turn. The hints come from the same
 * runtime configuration as /config.json, read when the page is asked for, so a remote moved to another
 * origin is hinted at its new place without rebuilding the shell:
 * - /config.json preloaded beside the shell's script;
 * - a connection opened early to Supabase (REST reads, with CORS, and the images, without);
 * - for each remote the path shows first (`remoteExposesForPath`), a connection to its origin and its
 *   mf-manifest.json preloaded; the link names the remote and its exposes (`data-remote`,
 *   `data-exposes`) so the shell's entry asks the federation runtime to preload their scripts at once.
 */
import { remoteExposesForPath, type RemoteName } from '@prepper/shared/apps';

function originOf(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    const url = new URL(value);
    return /^https?:$/.test(url.protocol) ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

function attribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The `<link>` tags for a page at `pathname`, given the runtime configuration (any JSON: only valid URLs are used). */
export function pageHints(
  pathname: string,
  config: unknown,
  { configPreload = true }: { configPreload?: boolean } = {},
): string {
  const { supabaseUrl, remotes } = (config ?? {}) as { supabaseUrl?: unknown; remotes?: unknown };
  const manifests = (remotes && typeof remotes === 'object' ? remotes : {}) as Partial<
    Record<RemoteName, unknown>
  >;
  // A server-rendered page carries its configuration: nothing to preload.
  const links = configPreload ? ['<link rel="preload" href="/config.json" as="fetch" crossorigin>'] : [];
  const supabase = originOf(supabaseUrl);
  if (supabase) {
    const href = attribute(supabase);
    links.push(
      `<link rel="preconnect" href="${href}" crossorigin>`,
      `<link rel="preconnect" href="${href}">`,
    );
  }
  for (const { remote, exposes } of remoteExposesForPath(pathname)) {
    const manifest = manifests[remote];
    const origin = originOf(manifest);
    if (!origin) continue;
    links.push(
      `<link rel="preconnect" href="${attribute(origin)}">`,
      `<link rel="preload" href="${attribute(manifest as string)}" as="fetch" crossorigin data-remote="${remote}" data-exposes="${attribute(exposes.join(' '))}">`,
    );
  }
  return links.join('');
}

/** The page's HTML with the hints at the end of its <head> (unchanged when it has none). */
export function withPageHints(html: string, hints: string): string {
  const end = html.indexOf('</head>');
  return end === -1 ? html : `${html.slice(0, end)}${hints}${html.slice(end)}`;
}
