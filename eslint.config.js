import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import jsxA11y from 'eslint-plugin-jsx-a11y-x';
import reactHooks from 'eslint-plugin-react-hooks';
import importBoundaries from './eslint-rules/import-boundaries.js';
import ledgerWrites from './eslint-rules/ledger-writes.js';
import routesOnlyBind from './eslint-rules/routes-only-bind.js';
import functionSize from './eslint-rules/function-size.js';
import serviceDependencies from './eslint-rules/service-dependencies.js';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '.test-output/**',
      'test-results/**',
      'playwright-report/**',
      '.node-versions/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['*.js', '*.ts', 'eslint-rules/*.js', 'scripts/*.mjs', 'scripts/*.d.mts'] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    plugins: {
      fleetfuel: {
        rules: {
          'import-boundaries': importBoundaries,
          'service-dependencies': serviceDependencies,
          'routes-only-bind': routesOnlyBind,
          'ledger-writes': ledgerWrites,
          'function-size': functionSize,
        },
      },
    },
    rules: {
      'fleetfuel/import-boundaries': 'error',
      'fleetfuel/service-dependencies': 'error',
      'fleetfuel/routes-only-bind': 'error',
      'fleetfuel/ledger-writes': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/no-floating-promises': 'error',
      'no-console': 'off',
    },
  },
  {
    // Sizes that keep each API file and step readable (issue 43): generated-like, seed and migration
    // files and the composition roots aside; a create* factory only gathers its methods.
    files: ['apps/api/src/**/*.ts'],
    ignores: [
      '**/*.test.ts',
      'apps/api/src/db/migrations/**',
      'apps/api/src/db/seed*.ts',
      'apps/api/src/platform/db/schema.ts',
      'apps/api/src/app.ts',
      'apps/api/src/server.ts',
    ],
    rules: {
      'fleetfuel/function-size': ['error', { max: 80 }],
      'max-lines': ['error', { max: 400 }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // No import circles in the code we ship: a circle makes load order decide what is defined.
    files: ['apps/api/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}', 'packages/contract/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // import-x reads TypeScript files with typescript-eslint's parser (its TypeScript preset's settings)
      // and resolves `.js` specifiers, the `@/` alias and the workspace package through the tsconfigs.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/external-module-folders': ['node_modules', 'node_modules/@types'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/api/tsconfig.json', 'apps/web/tsconfig.json', 'packages/contract/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      // Unbounded: over these three trees a depth of 5, 10 or none cost the same (~17 s of CPU,
      // nearly all of it parsing the import graph once), and a bound would let a longer circle through.
      'import-x/no-cycle': ['error', { ignoreExternal: true, maxDepth: '∞' }],
    },
  },
  {
    // The rules of hooks (and React's other render rules in the recommended set), where hooks live:
    // components, and hooks in .ts modules (a feature's api.ts, lib/list-view.ts).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['apps/web/src/**/*.tsx'],
    plugins: { 'jsx-a11y-x': jsxA11y },
    rules: {
      ...jsxA11y.configs.recommended.rules,
      // `role` on one of our components is the user's role (`<SideNav role="ADMIN">`); ARIA roles are checked on DOM elements.
      'jsx-a11y-x/aria-role': ['error', { ignoreNonDOM: true }],
    },
  },
  {
    // A test's probe component hands what it sees (the address, a state setter) out to the test by
    // writing to a variable of the test: the point of the probe, not a render that must stay pure.
    files: ['apps/web/src/**/*.test.tsx', 'apps/web/src/test/**'],
    rules: {
      'react-hooks/globals': 'off',
      'react-hooks/immutability': 'off',
    },
  },
  {
    // Tests read JSON replies, which are `any` by nature; asserting on them is the test's job.
    files: ['**/*.test.ts', 'e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
