#!/usr/bin/env node
// Runs every test: the unit and API tests (vitest: PGlite always, PostgreSQL too when
// TEST_DATABASE_URL is set), then the browser journeys (Playwright in Debian's Chromium). Ends with
// one summary line, "Tests: N passed, N failed", and a non-zero exit on any failure.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, '.test-output');
rmSync(path.join(out, 'vitest.json'), { force: true });
rmSync(path.join(out, 'playwright.json'), { force: true });
mkdirSync(out, { recursive: true });

const run = (command, args) => spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env }).status ?? 1;
const npx = (args) => run('npx', ['--no-install', ...args]);

/** Each lane with its exit status and how long it took, printed at the end: where CI's minutes go. */
const steps = [];
function lane(name, start) {
  const began = Date.now();
  steps.push([name, start(), (Date.now() - began) / 1000]);
}
lane('unit + API', () =>
  npx(['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${path.join(out, 'vitest.json')}`]),
);
lane('web build', () => run('npm', ['run', 'build']));
if (steps.at(-1)[1] === 0) {
  lane('browser', () => npx(['playwright', 'test', '-c', 'e2e/playwright.config.ts']));
}

function readJson(file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
}
let passed = 0;
let failed = 0;
let skipped = 0;
const vitest = readJson(path.join(out, 'vitest.json'));
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  skipped += vitest.numPendingTests + vitest.numTodoTests;
}
const playwright = readJson(path.join(out, 'playwright.json'));
if (playwright) {
  passed += playwright.stats.expected + playwright.stats.flaky;
  failed += playwright.stats.unexpected;
  skipped += playwright.stats.skipped;
}
const minutes = (seconds) => {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}m ${String(whole % 60).padStart(2, '0')}s`;
};
console.log(
  `\nLanes: ${steps.map(([name, status, seconds]) => `${name} ${minutes(seconds)}${status === 0 ? '' : ' (failed)'}`).join(', ')}`,
);
const broken = steps.filter(([, status]) => status !== 0).map(([name]) => name);
if (broken.length) console.log(`\nFailed steps: ${broken.join(', ')}`);
if (broken.length && failed === 0) failed = broken.length;
console.log(`\nTests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(broken.length ? 1 : 0);
