// Runs the official postgrest-js integration suite (supabase/supabase-js, packages/core/postgrest-js/test)
// against this stack, from a temporary directory outside the repository: the suite is not ours to copy
// in, so it is exported from a supabase-js checkout on every run and deleted afterwards.
//
//   SUPABASE_JS_DIR=<checkout or bare git directory> pnpm --filter @prepper/supabase test:postgrest-suite
//
// Options (environment): POSTGREST_SUITE_PORT (default 0: a free port), STACK_TEST_ENGINE=postgres with
// STACK_TEST_DATABASE_URL (a scratch database on that server instead of PGlite), POSTGREST_SUITE_KEEP=1
// (keep the temporary directory), and file filters as arguments (e.g. `transforms`).
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RunnerTestFile, RunnerTask } from 'vitest';
import { BaseSequencer, startVitest, type TestSpecification } from 'vitest/node';
import { startStack } from '../../stack/index.ts';
import { createScratchDatabase, type ScratchDatabase } from '../../stack/scratch-database.ts';

const suitePath = 'packages/core/postgrest-js';
const here = dirname(fileURLToPath(import.meta.url));

/**
 * The files that test what supabase-js users call (select, embedding, filters, order, range, count,
 * insert, update, delete, rpc). The other files test the client alone (retries, timeouts, fetch errors,
 * headers) or PostgREST features the stack does not serve (aggregates, spreads, computed relationships,
 * max-affected, the second schema); they run too and are reported separately.
 */
export const userFacingFiles = [
  'basic.test.ts',
  'filters.test.ts',
  'resource-embedding.test.ts',
  'transforms.test.ts',
  'relationships-join-operations.test.ts',
  'relationships-error-handling.test.ts',
  'rpc.test.ts',
  'maybe-single.test.ts',
];

/**
 * Copies packages/core/postgrest-js (and the root tsconfig.base.json its tsconfig extends) out of a work
 * tree, or exports them from a (bare) git directory, keeping the repository's layout.
 */
function exportSuite(source: string, into: string): string {
  const paths = [suitePath, 'tsconfig.base.json'];
  if (existsSync(join(source, suitePath, 'test'))) {
    for (const path of paths) {
      cpSync(join(source, path), join(into, path), {
        recursive: true,
        filter: (file) => !file.includes('node_modules'),
      });
    }
    return join(into, suitePath);
  }
  const archive = spawnSync('git', ['--git-dir', source, 'archive', '--format=tar', 'HEAD', ...paths], {
    maxBuffer: 512 * 1024 * 1024,
  });
  if (archive.status !== 0) {
    throw new Error(`${source} is neither a supabase-js checkout nor its git directory: ${archive.stderr}`);
  }
  const untar = spawnSync('tar', ['-x', '-C', into], { input: archive.stdout });
  if (untar.status !== 0) throw new Error(`tar failed: ${untar.stderr}`);
  return join(into, suitePath);
}

/**
 * The suite's fixture schema, with the one change this stack needs: PostGIS is not available on PGlite
 * (nor on every PostgreSQL), so `shops.shop_geom` becomes text. Only the `geojson()` test touches it.
 */
function fixtureProject(suiteDir: string, into: string): string {
  const project = join(into, 'project');
  mkdirSync(join(project, 'migrations'), { recursive: true });
  const schema = readFileSync(join(suiteDir, 'test/supabase/migrations/00000000000000_schema.sql'), 'utf8')
    .replace(/^create extension if not exists postgis[^;]*;/im, '-- (postgis is not available here)')
    .replace(/extensions\.geometry\(POINT, 4326\)/g, 'text');
  writeFileSync(join(project, 'migrations', '00000000000000_schema.sql'), schema);
  writeFileSync(join(project, 'seed.sql'), readFileSync(join(suiteDir, 'test/supabase/seed.sql'), 'utf8'));
  // Its config.toml too: [api] schemas exposes the second schema (`personal`) the suite switches to.
  cpSync(join(suiteDir, 'test/supabase/config.toml'), join(project, 'config.toml'));
  return project;
}

/** Jest's order (the suite's testSequencer.js): files alphabetically, since they share one database. */
class AlphabeticalSequencer extends BaseSequencer {
  override sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return Promise.resolve([...files].sort((a, b) => a.moduleId.localeCompare(b.moduleId)));
  }
}

interface FileResult {
  file: string;
  passed: string[];
  failed: string[];
}

function collect(file: RunnerTestFile): FileResult {
  const result: FileResult = { file: basename(file.filepath), passed: [], failed: [] };
  const walk = (task: RunnerTask, prefix: string) => {
    const name = prefix ? `${prefix} > ${task.name}` : task.name;
    if (task.type === 'suite') {
      for (const child of task.tasks) walk(child, task.type === 'suite' && task !== file ? name : '');
      return;
    }
    if (task.result?.state === 'pass') result.passed.push(name);
    else if (task.mode !== 'skip' && task.mode !== 'todo') result.failed.push(name);
  };
  walk(file, '');
  return result;
}

async function main(): Promise<number> {
  const source = process.env.SUPABASE_JS_DIR;
  if (!source) {
    console.error('Set SUPABASE_JS_DIR to a supabase/supabase-js checkout (or its git directory).');
    return 2;
  }
  const workDir = mkdtempSync(join(tmpdir(), 'postgrest-suite-'));
  let scratch: ScratchDatabase | null = null;
  let stop: (() => Promise<void>) | null = null;
  try {
    const suiteDir = exportSuite(source, workDir);
    const project = fixtureProject(suiteDir, workDir);
    const serverUrl = process.env.STACK_TEST_DATABASE_URL;
    if (process.env.STACK_TEST_ENGINE === 'postgres') {
      if (!serverUrl) throw new Error('STACK_TEST_ENGINE=postgres needs STACK_TEST_DATABASE_URL');
      scratch = await createScratchDatabase(serverUrl);
    }
    // The seed goes in after the start, as `supabase db reset` loads it: the stack vacuums and analyzes
    // after the seed it applies itself (PGlite has no autovacuum), which the suite's planner estimates
    // (`count: 'planned'`) do not expect.
    const stack = await startStack({
      port: Number(process.env.POSTGREST_SUITE_PORT ?? 0),
      dataDir: join(workDir, 'data'),
      projectDir: project,
      databaseUrl: scratch?.url,
      dbPort: null,
      outboxSender: false,
      scheduler: false,
      seed: false,
    });
    stop = () => stack.stop();
    await stack.db.exec(readFileSync(join(project, 'seed.sql'), 'utf8'));
    console.log(`Stack (${stack.db.kind}) on ${stack.url}; suite in ${suiteDir}`);
    process.env.POSTGREST_SUITE_URL = stack.url;
    process.env.POSTGREST_SUITE_ANON_KEY = stack.anonKey;

    const require = createRequire(import.meta.url);
    const vitest = await startVitest(
      'test',
      process.argv.slice(2),
      {
        root: suiteDir,
        config: false,
        watch: false,
        update: false,
        globals: true,
        include: ['test/**/*.test.ts'],
        exclude: ['**/node_modules/**', 'test/v12/**'],
        setupFiles: [join(here, 'setup.ts')],
        fileParallelism: false,
        maxWorkers: 1,
        pool: 'forks',
        testTimeout: 30_000,
        sequence: { sequencer: AlphabeticalSequencer },
        reporters: [process.env.POSTGREST_SUITE_REPORTER ?? 'dot'],
      },
      { resolve: { alias: { zod: dirname(require.resolve('zod/package.json')) } } },
    );
    const results = (vitest?.state.getFiles() ?? []).map(collect);
    await vitest?.close();

    const sum = (list: FileResult[]) => ({
      passed: list.reduce((n, r) => n + r.passed.length, 0),
      total: list.reduce((n, r) => n + r.passed.length + r.failed.length, 0),
    });
    console.log('\npostgrest-js suite against the local stack:');
    for (const result of results.sort((a, b) => a.file.localeCompare(b.file))) {
      const mark = userFacingFiles.includes(result.file) ? '*' : ' ';
      console.log(
        `${mark} ${result.file.padEnd(44)} ${result.passed.length}/${result.passed.length + result.failed.length}`,
      );
      for (const name of result.failed) console.log(`      failed: ${name}`);
    }
    const users = sum(results.filter((r) => userFacingFiles.includes(r.file)));
    const all = sum(results);
    console.log(`\n* what supabase-js users call: ${users.passed} of ${users.total} pass`);
    console.log(`  every file: ${all.passed} of ${all.total} pass`);
    return 0;
  } finally {
    await stop?.();
    await scratch?.drop();
    if (process.env.POSTGREST_SUITE_KEEP === '1') console.log(`Kept ${workDir}`);
    else rmSync(workDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
