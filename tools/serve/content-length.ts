/**
 * Keeps an answer's body within the Content-Length it declared.
 *
 * sirv states a file's size, then streams the file to its end. A file rewritten in place while it is
 * being sent (a remote rebuilt where it is served: its `mf-manifest.json` and `remoteEntry.js` keep
 * their names) can grow after the header went out, and Node sends whatever it is given. The extra
 * bytes would then be read as the start of the next answer on a kept-alive connection, and that answer
 * would fail to parse. Cut at the declared length, the client gets a consistent (older) file.
 */
import type { ServerResponse } from 'node:http';

type Chunk = string | Uint8Array;

function toBuffer(chunk: Chunk, encoding: unknown): Buffer {
  return typeof chunk === 'string'
    ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
    : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
}

export function capBodyAtContentLength(res: ServerResponse): void {
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  let sent = 0;
  // Headers given to writeHead directly (as sirv does) never reach getHeader.
  let declaredInHead: unknown;

  res.writeHead = ((...args: unknown[]) => {
    const headers = args.find((arg) => typeof arg === 'object' && arg !== null);
    if (headers && !Array.isArray(headers)) {
      for (const [name, value] of Object.entries(headers)) {
        if (name.toLowerCase() === 'content-length') declaredInHead = value;
      }
    }
    return writeHead(...args);
  }) as ServerResponse['writeHead'];

  /** The part of `chunk` that still fits (all of it when no length was declared). */
  const fitting = (chunk: Chunk, encoding: unknown): Chunk => {
    const declared = res.getHeader('content-length') ?? declaredInHead;
    if (declared === undefined) return chunk;
    const room = Math.max(0, Number(declared) - sent);
    const bytes = toBuffer(chunk, encoding);
    const kept = bytes.byteLength > room ? bytes.subarray(0, room) : bytes;
    sent += kept.byteLength;
    return kept;
  };

  res.write = ((chunk: Chunk, encoding?: unknown, callback?: unknown) => {
    const kept = fitting(chunk, encoding);
    const done = typeof encoding === 'function' ? encoding : callback;
    return write(kept, done);
  }) as ServerResponse['write'];

  res.end = ((chunk?: unknown, encoding?: unknown, callback?: unknown) => {
    if (typeof chunk === 'function' || chunk === undefined || chunk === null) return end(chunk);
    const kept = fitting(chunk as Chunk, encoding);
    const done = typeof encoding === 'function' ? encoding : callback;
    return end(kept, done);
  }) as ServerResponse['end'];
}
