// The stack's Edge Functions: the runner (./runner.ts) and config.toml's `[functions.<name>]` tables.
import type { StackConfig } from '../context.ts';
import type { FunctionSettings } from './runner.ts';

export { denoExecutable, FunctionsRunner, sendFunctionError } from './runner.ts';
export type { FunctionSettings, FunctionsRunnerOptions } from './runner.ts';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** config.toml's `[functions.<name>]` settings (enabled, verify_jwt, import_map, entrypoint). */
export function functionSettings(config: StackConfig): Record<string, FunctionSettings> {
  const table = isRecord(config.raw.functions) ? config.raw.functions : {};
  const settings: Record<string, FunctionSettings> = {};
  for (const [name, value] of Object.entries(table)) {
    if (!isRecord(value)) continue;
    settings[name] = {
      ...(typeof value.enabled === 'boolean' ? { enabled: value.enabled } : {}),
      ...(typeof value.verify_jwt === 'boolean' ? { verify_jwt: value.verify_jwt } : {}),
      ...(typeof value.import_map === 'string' ? { import_map: value.import_map } : {}),
      ...(typeof value.entrypoint === 'string' ? { entrypoint: value.entrypoint } : {}),
    };
  }
  return settings;
}
