/**
 * The bench's own checks, outside `npm test` (the root config's projects never include bench/):
 * `npx vitest run -c bench/vitest.config.ts` generates a tiny data set on a throwaway database,
 * checks that a cost window sees what PostgreSQL's backends do (bench/cost-window.ts), and that the
 * SMTP sink takes what the app's mailer sends (bench/smtp-sink.ts).
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { include: ['bench/**/*.check.ts'], testTimeout: 180_000, hookTimeout: 60_000, pool: 'threads', maxWorkers: 1 },
});
