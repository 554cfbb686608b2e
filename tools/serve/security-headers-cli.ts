// Prints the headers the shop's server sends, for another host (docs/security-headers.md):
//   pnpm security-headers -- --config path/to/config.json [--format headers|netlify|vercel|nginx]
//   pnpm security-headers -- --remote [--format ...]
// The shell's Content-Security-Policy is built from the deployment's /config.json, so print it again
// whenever a remote or the Supabase project moves.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { formatHeaders, HEADER_FORMATS, type HeaderFormat, hostHeaders } from './host-headers.ts';

const { values } = parseArgs({
  options: {
    config: { type: 'string' },
    remote: { type: 'boolean', default: false },
    format: { type: 'string', default: 'headers' },
  },
});

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const format = values.format as HeaderFormat;
if (!HEADER_FORMATS.includes(format)) fail(`--format must be one of ${HEADER_FORMATS.join(', ')}`);
if (!values.remote && !values.config) fail('Give --config <config.json> (the shell) or --remote');

const config = values.config
  ? (JSON.parse(readFileSync(resolve(values.config), 'utf8')) as unknown)
  : undefined;
console.log(formatHeaders(hostHeaders(values.remote ? { remote: true } : { config }), format));
