// The database on a Postgres port, like the Supabase CLI's 54322, so psql, pg_dump and migration tools
// work against the local project: PGlite speaks the wire protocol through @electric-sql/pglite-socket
// (messages go to the PGlite worker under the stack's lock), and a real PostgreSQL (DATABASE_URL) is
// forwarded byte for byte.
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import type { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import type { Db } from './context.ts';
import { PgliteDb } from './pglite-engine.ts';

export interface DbPort {
  port: number;
  /** A connection string for psql / pg_dump. */
  url: string;
  close(): Promise<void>;
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolvePort, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const address = server.address();
      resolvePort(typeof address === 'object' && address ? address.port : port);
    });
  });
}

/** Forwards every connection on `port` to the PostgreSQL server of `databaseUrl`. */
async function forwardPostgres(databaseUrl: string, port: number, host: string): Promise<DbPort> {
  const target = new URL(databaseUrl);
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = createConnection({
      host: target.hostname || '127.0.0.1',
      port: Number(target.port) || 5432,
    });
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  const bound = await listen(server, port, host);
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(bound);
  return {
    port: bound,
    url: url.toString(),
    close: () =>
      new Promise((resolveClose) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolveClose());
      }),
  };
}

/** PGlite over the Postgres protocol (any user name and password are accepted, like a trust login). */
async function servePglite(db: PgliteDb, port: number, host: string): Promise<DbPort> {
  const server = new PGLiteSocketServer({
    db: db.wireBridge() as unknown as PGlite,
    port,
    host,
    maxConnections: 16,
  });
  await server.start();
  const bound = Number(server.getServerConn().split(':').pop());
  return {
    port: bound,
    url: `postgresql://postgres:postgres@127.0.0.1:${bound}/postgres`,
    close: () => server.stop(),
  };
}

export function serveDbPort(
  db: Db,
  options: { port: number; host?: string; databaseUrl?: string | undefined },
): Promise<DbPort> {
  const host = options.host ?? '127.0.0.1';
  if (options.databaseUrl) return forwardPostgres(options.databaseUrl, options.port, host);
  if (db instanceof PgliteDb) return servePglite(db, options.port, host);
  return Promise.reject(new Error('This database cannot be served on a Postgres port'));
}
