/**
 * One vitest run: unit tests once, and the API tests once per database engine — PGlite always,
 * PostgreSQL as well when TEST_DATABASE_URL is set. Each API test file builds its own app on its
 * own copy of a migrated, seeded template database, so files run in parallel without sharing state.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** The web app's `@/` import alias, as apps/web/vite.config.ts and apps/web/tsconfig.json declare it. */
const webAlias = { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) };

/**
 * Tests on a real database, run once per engine: `*.api.test.ts` go through HTTP as a client does;
 * `*.db.test.ts` call a service or check the schema directly on the migrated database.
 */
const apiTests = ['apps/api/src/**/*.api.test.ts', 'apps/api/src/**/*.db.test.ts', 'apps/api/test/security/*.api.test.ts'];
/** Two cores: two worker threads, no per-file isolation (no test file keeps module-level state). */
const workers = { pool: 'threads' as const, maxWorkers: 2, isolate: false };
const apiProject = (name: 'pglite' | 'postgres') => ({
  test: {
    name,
    include: apiTests,
    globalSetup: [`apps/api/test/global-setup-${name}.ts`],
    ...workers,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias: webAlias },
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/api/src/**/*.test.ts',
            'apps/web/src/**/*.test.ts',
            'apps/web/build-plugins/*.test.ts',
            'eslint-rules/*.test.js',
          ],
          exclude: apiTests,
          ...workers,
        },
      },
      {
        // The web app's components in a simulated browser (happy-dom): form modals, list pages.
        resolve: { alias: webAlias },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['apps/web/src/test/setup.ts'],
          ...workers,
          // A user's typing, replayed key by key, takes seconds on a busy two-core machine.
          testTimeout: 15_000,
        },
      },
      apiProject('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [apiProject('postgres')] : []),
    ],
  },
});
