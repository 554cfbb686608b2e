// Lint rules for the whole workspace. The restricted-import rules keep the architecture's
// boundaries: a remote never imports another remote, and only @prepper/shared talks to Supabase.
// (A TypeScript config, loaded through jiti, so the remotes come from the app registry.)
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { APPS, REMOTE_NAMES } from './shared/src/apps.ts';

const remotes = REMOTE_NAMES.map((name) => APPS[name].dir);

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
