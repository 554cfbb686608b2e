// pnpm check:compat [--shell <shell manifest>] <remote manifest>...
// Each manifest is an http(s) URL or a file. The shell's defaults to this checkout's build,
// shell/dist/mf-manifest.json. Exits 1 when a remote does not fit the shell.
import { resolve } from 'node:path';
import { checkCompat, loadManifest, type CompatProblem } from './check-compat.ts';

const root = resolve(import.meta.dirname, '..', '..');

function usage(): never {
  console.error('Usage: pnpm check:compat [--shell <manifest url or file>] <remote manifest url or file>...');
  process.exit(2);
}

async function main(argv: string[]): Promise<number> {
  let shellSource = resolve(root, 'shell', 'dist', 'mf-manifest.json');
  const remotes: string[] = [];
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    if (arg === '--') continue;
    if (arg === '--shell') {
      const next = argv[i + 1];
      if (!next) usage();
      shellSource = next;
      i += 1;
    } else if (arg.startsWith('-')) usage();
    else remotes.push(arg);
  }
  if (remotes.length === 0) usage();

  const shell = await loadManifest(shellSource);
  const problems: CompatProblem[] = [];
  for (const source of remotes) {
    const remote = await loadManifest(source);
    const found = checkCompat(shell, remote);
    problems.push(...found);
    const errors = found.filter((problem) => problem.level === 'error').length;
    console.log(`${errors === 0 ? 'ok  ' : 'FAIL'} ${remote.name} (${source})`);
    for (const problem of found) console.log(`     ${problem.level}: ${problem.message}`);
  }
  const errors = problems.filter((problem) => problem.level === 'error');
  console.log(
    errors.length === 0
      ? `Every remote fits the shell (${shellSource}).`
      : `${errors.length} problem(s): these remotes must not be pointed at from config.json with this shell.`,
  );
  return errors.length === 0 ? 0 : 1;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  },
);
