// `pnpm start` / `pnpm reset` / `pnpm gen-types` / `pnpm db:dump` / `pnpm db:schema-diff` for the local stack.
import { existsSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  corsOriginsFromEnv,
  dbPortFromEnv,
  defaultDataDir,
  portFromEnv,
  projectDir,
  stackDir,
} from './config.ts';
import { dumpDataDir } from './db-dump.ts';
import { resetStack, startStack, type StackHandle } from './index.ts';
import { checkSchemaFiles } from './schema-check.ts';

const [command = 'start', ...args] = process.argv.slice(2);
const dataDir = process.env.SUPABASE_DATA_DIR || undefined;
const databaseUrl = process.env.DATABASE_URL || undefined;
const log = (message: string) => console.log(`[supabase] ${message}`);

async function start(): Promise<StackHandle> {
  const stack = await startStack({
    port: portFromEnv(),
    dbPort: dbPortFromEnv(),
    dataDir,
    databaseUrl,
    corsOrigins: corsOriginsFromEnv(),
    // Demo mode: card payments against the local Stripe stand-in (STRIPE_STANDIN=0: none, e.g. to use
    // real Stripe test keys from functions/.env instead).
    stripe: process.env.STRIPE_STANDIN === '0' ? false : {},
    // PGlite: the first visit after a restart as fast as any later one (stack/warm-up.ts).
    warmUp: true,
    log,
  });
  console.log(`[supabase] Local stack ready at ${stack.url}`);
  if (stack.stripe) console.log(`[supabase] Stripe stand-in (card payments, demo only): ${stack.stripe.url}`);
  console.log(`[supabase] anon key: ${stack.anonKey}`);
  if (stack.dbUrl) console.log(`[supabase] database: psql ${stack.dbUrl}`);
  console.log(`[supabase] keys and URL in ${join(stack.dataDir, 'runtime.json')}`);
  return stack;
}

async function main(): Promise<void> {
  switch (command) {
    case 'start': {
      // A long-running server logs stray failures instead of dying on them.
      process.on('unhandledRejection', (reason) => console.error('[supabase] unhandled rejection', reason));
      process.on('uncaughtException', (error) => console.error('[supabase] uncaught exception', error));
      const stack = await start();
      let stopping = false;
      const stop = (signal: string) => {
        if (stopping) return;
        stopping = true;
        console.log(`[supabase] ${signal}: stopping`);
        stack.stop().then(
          () => process.exit(0),
          (error: unknown) => {
            console.error(error);
            process.exit(1);
          },
        );
      };
      process.on('SIGINT', () => stop('SIGINT'));
      process.on('SIGTERM', () => stop('SIGTERM'));
      break;
    }
    case 'reset': {
      await resetStack({ dataDir, databaseUrl });
      log('database wiped; rebuilding');
      // Any free port for the rebuild, but the seed's image links must name the real port.
      const publicUrl = `http://localhost:${portFromEnv()}`;
      const stack = await startStack({ port: 0, dbPort: null, publicUrl, dataDir, databaseUrl, log });
      await stack.stop();
      log('reset done (migrations and seed applied)');
      break;
    }
    case 'gen-types': {
      const file = join(stackDir, 'gen-types.ts');
      if (!existsSync(file)) {
        console.error('[supabase] stack/gen-types.ts is not there yet');
        process.exit(1);
      }
      await import(pathToFileURL(file).href).then((module: Record<string, unknown>) => {
        const run = module.main ?? module.genTypes ?? module.default;
        return typeof run === 'function' ? (run as (argv: string[]) => unknown)(args) : undefined;
      });
      break;
    }
    case 'dump': {
      if (databaseUrl) {
        console.error('[supabase] With DATABASE_URL, run pg_dump against that server (or port 54322).');
        process.exit(1);
      }
      const fileIndex = args.findIndex((arg) => arg === '-f' || arg === '--file');
      const file = fileIndex >= 0 ? args[fileIndex + 1] : undefined;
      const unknown = args.filter(
        (arg, index) => arg !== '--schema-only' && index !== fileIndex && index !== fileIndex + 1,
      );
      if ((fileIndex >= 0 && !file) || unknown.length > 0) {
        console.error('[supabase] Usage: db:dump [--schema-only] [-f file]');
        process.exit(1);
      }
      const sql = await dumpDataDir(resolve(dataDir ?? defaultDataDir), {
        schemaOnly: args.includes('--schema-only'),
      });
      if (file) {
        // Relative to where pnpm was run from, not to this package.
        const target = resolve(process.env.INIT_CWD ?? process.cwd(), file);
        writeFileSync(target, sql);
        log(`dump written to ${target}`);
      } else process.stdout.write(sql);
      break;
    }
    case 'schema-diff': {
      // Scratch databases only: on DATABASE_URL's server when set (its role must create databases).
      const result = await checkSchemaFiles({
        projectDir,
        bootstrapDir: join(stackDir, 'bootstrap'),
        serverUrl: databaseUrl,
      });
      if (result.differences.length === 0) {
        log(
          `migrations/ and schemas/ build the same database (${result.fromMigrations.size} catalogue entries, ${result.engine})`,
        );
        break;
      }
      console.error(result.differences.join('\n\n'));
      console.error(
        `[supabase] ${result.differences.length} difference(s) between migrations/ and schemas/ (${result.engine})`,
      );
      process.exit(1);
      break;
    }
    default:
      console.error(`Unknown command "${command}". Use start, reset, gen-types, dump or schema-diff.`);
      process.exit(1);
  }
}

main().catch((error: unknown) => {
  console.error('[supabase]', error instanceof Error ? error.message : error);
  process.exit(1);
});
