// Lint rules for the whole workspace. The restricted-import rules keep the architecture's
// boundaries: a remote never imports another remote, and only @prepper/shared talks to Supabase; inside
// an app, a feature never imports another feature nor the app layer (src/app); no import cycles; and
// kebab-case file and folder names.
// (A TypeScript config, loaded through jiti, so the remotes come from the app registry.)
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import checkFile from 'eslint-plugin-check-file';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { APP_NAMES, APPS, REMOTE_NAMES } from './shared/src/apps.ts';

const remotes = REMOTE_NAMES.map((name) => APPS[name].dir);

/** The feature folders of an app (`mf-admin/src/features/products`, ...). */
function features(appDir: string): string[] {
  try {
    return readdirSync(`${appDir}/src/features`, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
}

/** Zones for import-x/no-restricted-paths: features stay apart and below the app layer. */
const featureZones = APP_NAMES.map((name) => APPS[name].dir).flatMap((dir) => [
  ...features(dir).map((feature) => ({
    target: `./${dir}/src/features/${feature}`,
    from: `./${dir}/src/features`,
    except: [`./${feature}`],
    message:
      'A feature never imports another feature: move what both need to src/components, src/lib or @prepper/shared.',
  })),
  {
    target: `./${dir}/src/features`,
    from: `./${dir}/src/app`,
    message: 'A feature never imports the app layer (src/app composes features, not the other way round).',
  },
]);

const crossRemoteImports = remotes.flatMap((remote) => [`@prepper/${remote}`, `@prepper/${remote}/*`]);

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '.tools/**',
      '**/.local/**',
      '**/.data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'shared/src/database.types.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX, 'check-file': checkFile },
    settings: {
      'import-x/ignore': ['node_modules'],
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: featureZones }],
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx,js,mjs}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { '**/': 'KEBAB_CASE' }],
    },
  },
  {
    // Supabase's convention: `supabase/functions/_shared/` holds what the Edge Functions import and is never
    // deployed as a function of its own (the underscore says so to the CLI).
    files: ['supabase/functions/_shared/**'],
    rules: { 'check-file/folder-naming-convention': 'off' },
  },
  {
    files: ['shell/src/**', 'mf-*/src/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: '@supabase/supabase-js', message: 'Use the one client from @prepper/shared.' }],
          patterns: [
            {
              group: crossRemoteImports,
              message: 'A remote never imports another remote; meet through @prepper/shared.',
            },
            {
              group: remotes.map((remote) => `**/${remote}/**`),
              message: 'A remote never imports another remote.',
            },
          ],
        },
      ],
    },
  },
);
