/**
 * `@prepper/shared/security-headers`: the browser security headers of the shop, built from the runtime
 * configuration (/config.json) so a remote moved to another origin, or another Supabase project, is
 * allowed without rebuilding anything. Plain data with no browser or Node dependency: the shop's server
 * (tools/serve), the dev servers (shared/rsbuild) and docs/security-headers.md use the same rules.
 *
 * The shop's pages allow scripts and styles only from the shop's own origin and the remotes' origins,
 * never inline: the Supabase session (with its refresh token) lives in localStorage, so a script that
 * should not run must not be able to run at all. Connections go to the shop, the remotes (their
 * manifests) and Supabase; images come from the same places plus `data:` (the fallback picture).
 */

/** The origins a page of the shop loads from, as /config.json names them. */
export interface ShopOrigins {
  /** The Supabase project's origin (REST, auth, storage and its images). */
  supabase?: string;
  /** Each remote's origin (its manifest, scripts, styles and assets), once each, in config order. */
  remotes: string[];
  /**
   * More origins the catalogue's images come from (/config.json's optional `imageOrigins`, e.g. a CDN
   * the products' image URLs point at). The back office accepts any http(s) image URL; a picture from an
   * origin not listed shows the fallback picture instead.
   */
  images: string[];
}

export interface SecurityHeaderOptions {
  /**
   * The dev servers (`rsbuild dev`): hot reload opens a websocket to each app's own origin, and the
   * policy is sent as Content-Security-Policy-Report-Only so a violation shows in the console without
   * stopping work. The other headers apply as in production.
   */
  dev?: boolean;
}

function originOf(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    const url = new URL(value);
    return /^https?:$/.test(url.protocol) ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The origins in a runtime configuration (any JSON: only absolute http(s) URLs count, so a broken or
 * hostile /config.json can never widen the policy beyond URLs, e.g. to `'unsafe-inline'` or `*`).
 */
export function shopOrigins(config: unknown): ShopOrigins {
  const { supabaseUrl, remotes, imageOrigins } = (config && typeof config === 'object' ? config : {}) as {
    supabaseUrl?: unknown;
    remotes?: unknown;
    imageOrigins?: unknown;
  };
  const origins = (values: unknown[]) => [
    ...new Set(values.map(originOf).filter((origin): origin is string => Boolean(origin))),
  ];
  return {
    supabase: originOf(supabaseUrl),
    remotes: origins(remotes && typeof remotes === 'object' ? Object.values(remotes) : []),
    images: origins(Array.isArray(imageOrigins) ? imageOrigins : []),
  };
}

/** The websocket origin of an http(s) origin (hot reload in dev). */
function websocketOf(origin: string): string {
  return origin.replace(/^http/, 'ws');
}

function sources(...lists: (readonly (string | undefined)[])[]): string {
  return [...new Set(lists.flat().filter((source): source is string => Boolean(source)))].join(' ');
}

/** The Content-Security-Policy of the shop's pages. */
export function contentSecurityPolicy(config: unknown, options: SecurityHeaderOptions = {}): string {
  const { supabase, remotes, images } = shopOrigins(config);
  // The shell's own socket is covered by 'self'; each remote's chunks talk to their own origin.
  const hotReload = options.dev ? remotes.map(websocketOf) : [];
  const everyOriginHttps =
    !options.dev && [supabase, ...remotes].every((origin) => origin?.startsWith('https://'));
  const directives: [string, string][] = [
    ['default-src', "'self'"],
    // Only files: no inline script, no eval. The shell's entry, the remotes' entries and chunks.
    ['script-src', sources(["'self'"], remotes)],
    // The apps' stylesheets; React sets `style` through the DOM, which a policy does not restrict.
    ['style-src', sources(["'self'"], remotes)],
    ['img-src', sources(["'self'", 'data:'], [supabase], remotes, images)],
    ['font-src', sources(["'self'"], remotes)],
    // /config.json, the remotes' manifests, Supabase (and in dev each app's hot-reload socket).
    ['connect-src', sources(["'self'"], [supabase], remotes, hotReload)],
    ['worker-src', "'self'"],
    ['manifest-src', "'self'"],
    ['media-src', "'none'"],
    ['object-src', "'none'"],
    ['frame-src', "'none'"],
    ['base-uri', "'none'"],
    ['form-action', "'self'"],
    // No other site may frame the shop (clickjacking the back office or the checkout).
    ['frame-ancestors', "'none'"],
  ];
  // Only a deployment served entirely over HTTPS: on http://localhost the upgrade would break loading.
  if (everyOriginHttps && supabase) directives.push(['upgrade-insecure-requests', '']);
  return directives.map(([name, value]) => (value ? `${name} ${value}` : name)).join('; ');
}

/** Powerful browser features the shop never uses, switched off for its pages and anything they embed. */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'browsing-topics=()',
  'camera=()',
  'display-capture=()',
  'encrypted-media=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

/** Headers every app's server sends, whatever the response. */
const COMMON_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  // For browsers without CSP frame-ancestors.
  'X-Frame-Options': 'DENY',
};

/**
 * The headers of the shell's responses (its pages above all): the policy built from `config` (the
 * /config.json body), framing refused, referrers trimmed, sniffing and unused features off.
 */
export function securityHeaders(
  config: unknown,
  options: SecurityHeaderOptions = {},
): Record<string, string> {
  return {
    [options.dev ? 'Content-Security-Policy-Report-Only' : 'Content-Security-Policy']: contentSecurityPolicy(
      config,
      options,
    ),
    ...COMMON_HEADERS,
    'Permissions-Policy': PERMISSIONS_POLICY,
    // A window the shop opens (or that opens the shop) cannot reach into it.
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
  };
}

/**
 * The headers of a remote's responses. A remote's origin serves files the shell loads cross-origin
 * (manifest, scripts, styles, images) and no page of the shop: its files may be read by any origin, and
 * a document there (the standalone index.html of a build) may run nothing and load nothing.
 */
export function remoteSecurityHeaders(
  options: Pick<SecurityHeaderOptions, 'dev'> = {},
): Record<string, string> {
  return {
    ...COMMON_HEADERS,
    'Cross-Origin-Resource-Policy': 'cross-origin',
    // In dev the standalone page is how a remote is worked on alone: it keeps running.
    ...(options.dev
      ? {}
      : {
          'Content-Security-Policy':
            "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
        }),
  };
}
