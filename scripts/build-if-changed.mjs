/**
 * `npm start`'s first step: build the web app and the API (`npm run build`) unless the build on disk
 * was made from exactly the sources here. A restart, or a second `npm start` on a new data folder,
 * then serves in seconds instead of rebuilding for a quarter of a minute.
 *
 * "Exactly" is a SHA-256 over the path and content of every file the build reads (sources, configs,
 * the lock file), not modification times: a checkout, a copy or an editor that keeps old times
 * still rebuilds when a byte changed. The fingerprint is written into apps/api/dist only after a
 * build succeeded, and `npm run build:api` empties that folder first, so a failed or interrupted
 * build leaves no fingerprint and the next start builds again. `FLEETFUEL_BUILD=always` forces it.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FINGERPRINT = path.join(root, 'apps/api/dist/BUILD_FINGERPRINT');
const WEB_INDEX = path.join(root, 'apps/web/dist/index.html');

/** What the build reads: folders are walked, skipping outputs, dependencies and tests' leftovers. */
const INPUTS = [
  'package.json',
  'package-lock.json',
  'scripts/build-api.mjs',
  'packages/contract',
  'apps/api/package.json',
  'apps/api/src',
  'apps/web',
];
const SKIPPED = new Set(['node_modules', 'dist', '.test-output', 'coverage']);

function filesUnder(relative) {
  const absolute = path.join(root, relative);
  if (!existsSync(absolute)) return [];
  if (!statSync(absolute).isDirectory()) return [relative];
  return readdirSync(absolute, { withFileTypes: true })
    .filter((entry) => !SKIPPED.has(entry.name))
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => filesUnder(path.join(relative, entry.name)));
}

function fingerprint() {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap(filesUnder)) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

const wanted = fingerprint();
const built = existsSync(FINGERPRINT) && existsSync(WEB_INDEX) ? readFileSync(FINGERPRINT, 'utf8').trim() : null;
if (built === wanted && process.env.FLEETFUEL_BUILD !== 'always') {
  console.log('The build is current: starting without rebuilding.');
} else {
  // Said first: on a new machine the build is a silent minute before the server's banner.
  console.log(
    built === null
      ? 'Building the web app and the API for the first time (under a minute on a two-core machine)…'
      : 'The sources changed since the last build: building again (under a minute)…',
  );
  const began = Date.now();
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(FINGERPRINT, `${wanted}\n`);
  console.log(`Built in ${Math.round((Date.now() - began) / 1000)} s; starting the server.`);
}
