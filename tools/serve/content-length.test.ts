import { createServer, request, Agent, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capBodyAtContentLength } from './content-length.ts';

let server: Server;
let url: string;

/** GET on a kept-alive connection, with the body as text. */
function get(agent: Agent, path: string): Promise<string> {
  return new Promise((resolveBody, reject) => {
    const req = request(`${url}${path}`, { agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolveBody(body));
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  server = createServer((req, res) => {
    capBodyAtContentLength(res);
    if (req.url === '/grown') {
      // What sirv does when the file grows between its stat and the end of its read stream.
      res.writeHead(200, { 'Content-Length': '5' });
      res.write('fir');
      res.write(Buffer.from('st, then more'));
      res.end(' and the end');
    } else if (req.url === '/utf8') {
      res.writeHead(200, { 'Content-Length': String(Buffer.byteLength('héllo')) });
      res.end('héllo wörld', 'utf8');
    } else {
      res.end('no length declared');
    }
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((done) => server.close(() => done())));

describe('capBodyAtContentLength', () => {
  it('cuts a body that outgrew its length, so the next answer on the connection still parses', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    expect(await get(agent, '/grown')).toBe('first');
    expect(await get(agent, '/other')).toBe('no length declared');
    expect(await get(agent, '/utf8')).toBe('héllo');
    expect(await get(agent, '/other')).toBe('no length declared');
    agent.destroy();
  });
});
