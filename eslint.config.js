import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import importBoundaries from './eslint-rules/import-boundaries.js';
import ledgerWrites from './eslint-rules/ledger-writes.js';
import routesOnlyBind from './eslint-rules/routes-only-bind.js';
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
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
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
