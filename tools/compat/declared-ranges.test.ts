import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { APP_NAMES, APPS } from '../../shared/src/apps.ts';
import { SHARED_SINGLETONS, requiredRange, sharedDependencies } from '@prepper/rsbuild-config';

const root = resolve(import.meta.dirname, '..', '..');

/** The version of `dependency` this checkout builds `app` with. */
function installedVersion(app: string, dependency: string): string {
  const require = createRequire(join(root, app, 'package.json'));
  const manifest = join(
    require.resolve(dependency).split(`node_modules/${dependency}`)[0]!,
    'node_modules',
    dependency,
  );
  return (JSON.parse(readFileSync(join(manifest, 'package.json'), 'utf8')) as { version: string }).version;
}

describe('the ranges every app declares for its shared singletons', () => {
  it('are real ranges, and strict: a copy outside them is refused', () => {
    for (const app of APP_NAMES) {
      for (const [name, config] of Object.entries(sharedDependencies(app))) {
        expect(semver.validRange(config.requiredVersion), `${app}: ${name}`).not.toBeNull();
        expect(config).toMatchObject({ singleton: true, strictVersion: true });
      }
    }
    expect(requiredRange('search', '@prepper/shared')).toBe('^2.0.0');
  });

  it("fit what this checkout builds, @prepper/shared's contract version included", () => {
    const shared = JSON.parse(readFileSync(join(root, 'shared', 'package.json'), 'utf8')) as {
      version: string;
    };
    for (const app of APP_NAMES) {
      expect(semver.satisfies(shared.version, requiredRange(app, '@prepper/shared')), app).toBe(true);
      for (const name of SHARED_SINGLETONS.filter((singleton) => singleton !== '@prepper/shared')) {
        const version = installedVersion(APPS[app].dir, name);
        expect(semver.satisfies(version, requiredRange(app, name)), `${app}: ${name}@${version}`).toBe(true);
      }
    }
  });
});
