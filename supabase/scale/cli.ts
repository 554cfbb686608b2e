// pnpm --filter @prepper/supabase seed:scale -- --products 100000 --orders 200000 [--customers N] [--seed N]
//   [--database-url postgres://...]
// Loads the scale data (scale/seed-scale.ts) into the running stack's database: PGlite through the
// stack's Postgres port (SUPABASE_DB_PORT, default 54322), or the PostgreSQL of DATABASE_URL (or
// --database-url). Then VACUUM (ANALYZE), so the planner knows the new sizes at once.
import { parseArgs } from 'node:util';
import pg from 'pg';
import { defaultDbPort } from '../stack/config.ts';
import { seedScale } from './seed-scale.ts';

const { values } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    products: { type: 'string', default: '100000' },
    orders: { type: 'string', default: '200000' },
    customers: { type: 'string' },
    seed: { type: 'string', default: '1' },
    'database-url': { type: 'string' },
  },
});

const port =
  process.env.SUPABASE_DB_PORT && process.env.SUPABASE_DB_PORT !== 'off'
    ? process.env.SUPABASE_DB_PORT
    : defaultDbPort;
const url =
  values['database-url'] ??
  process.env.DATABASE_URL ??
  `postgresql://postgres:postgres@127.0.0.1:${port}/postgres`;
const client = new pg.Client({ connectionString: url });
await client.connect();
try {
  const started = Date.now();
  const made = await seedScale(
    {
      exec: async (sql) => {
        await client.query(sql);
      },
      query: (sql) => client.query(sql),
    },
    {
      products: Number(values.products),
      orders: Number(values.orders),
      seed: Number(values.seed),
      ...(values.customers ? { customers: Number(values.customers) } : {}),
    },
    (message) => process.stdout.write(`${message}\n`),
  );
  const t0 = Date.now();
  await client.query('vacuum (analyze)');
  process.stdout.write(`Vacuumed and analyzed (${((Date.now() - t0) / 1000).toFixed(1)} s)\n`);
  process.stdout.write(
    `Loaded ${made.products} products, ${made.customers} customers and ${made.orders} orders into ` +
      `${url.replace(/\/\/[^@]*@/, '//')} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
  );
} finally {
  await client.end();
}
