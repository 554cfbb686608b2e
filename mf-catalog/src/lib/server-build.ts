/**
 * Whether this is the server build (Rsbuild's node environment defines SERVER_RENDER): what only the
 * server needs, such as the JSON-LD builders, is left out of the browser's bundle behind it.
 */
export const SERVER_BUILD = process.env.SERVER_RENDER === 'true';
