#!/usr/bin/env node
// The unit and API tests (the same vitest run as `npm test`'s first lane: vitest.config.ts, PGlite,
// and PostgreSQL too when TEST_DATABASE_URL is set) in a shuffled order, files and the tests in each
// file, so that a test leaning on another's leftovers or order fails. The seed is printed first and
// last; `npm run test:shuffled -- --seed N` runs that order again. Other arguments go to vitest
// (e.g. a file to narrow the run to).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const at = args.indexOf('--seed');
const given = at === -1 ? undefined : args.splice(at, 2)[1];
const seed = given === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(given);
if (!Number.isSafeInteger(seed)) {
  console.error(`--seed wants a whole number, not "${given}"`);
  process.exit(2);
}

console.log(`Shuffled run, seed ${seed}`);
const status =
  spawnSync('npx', ['--no-install', 'vitest', 'run', '--sequence.shuffle', `--sequence.seed=${seed}`, ...args], {
    cwd: root,
    stdio: 'inherit',
    env: process.env,
  }).status ?? 1;
console.log(`\nShuffled run, seed ${seed}: ${status === 0 ? 'passed' : 'failed'} (again: npm run test:shuffled -- --seed ${seed})`);
process.exit(status);
