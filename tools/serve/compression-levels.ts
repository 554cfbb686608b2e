/**
 * How hard the shop's server compresses what it answers on the fly. Speed wins over the last percent:
 * brotli's quality 5 takes about 1.5 ms for a 90 kB product page where quality 9 takes about 20 ms, for
 * an answer 1.5 % larger (docs/measurements/2026-11-28-1500-ssr-page-cache.md).
 */
export const BROTLI_QUALITY = 5;
export const GZIP_LEVEL = 6;
/** Smaller answers are sent as they are. */
export const COMPRESS_THRESHOLD = 256;
