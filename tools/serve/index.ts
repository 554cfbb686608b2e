/** What the browser-test harness takes from the shop's server (e2e/global-setup.ts). */
export { cacheControlFor } from './cache-policy.ts';
export { remoteManifests, runtimeConfigFrom, type ShopConfig } from './runtime-config.ts';
export { serveStatic, staticHandler, type ServeStaticOptions, type ServedApp } from './static-app.ts';
export { warmUp as warmUpServerRendering } from './ssr.ts';
export {
  contentSecurityPolicy,
  remoteSecurityHeaders,
  securityHeaders,
} from '@prepper/shared/security-headers';
