#!/usr/bin/env node
// `npm run check:image`: builds the production image (the Dockerfile) and checks that it serves as
// docs/deploy.md says: it refuses unsafe production settings, runs its database chores, becomes
// healthy by its own HEALTHCHECK, signs in, serves the web app with its caching and compression,
// runs as the `node` user, and stops promptly on `docker stop`. A release check, not part of
// `npm test` (it needs a Docker daemon; building takes minutes).
//
// It runs the image on the host's network, against a database it creates (and drops) on
// IMAGE_CHECK_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/postgres).
// IMAGE_CHECK_TAG (default fleetfuel:check) names the image; IMAGE_CHECK_SKIP_BUILD=1 checks an
// image already built under that tag.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort } from './free-port.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tag = process.env.IMAGE_CHECK_TAG ?? 'fleetfuel:check';
const adminUrl = new URL(process.env.IMAGE_CHECK_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const databaseName = 'fleetfuel_image_check';
const databaseUrl = new URL(adminUrl);
databaseUrl.pathname = `/${databaseName}`;
const container = `fleetfuel-image-check-${process.pid}`;

let failures = 0;
function check(what, ok, detail = '') {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}${detail ? `: ${detail}` : ''}`);
  if (!ok) failures += 1;
}

function docker(args, { quiet = false } = {}) {
  const result = spawnSync('docker', args, { cwd: root, encoding: 'utf8', stdio: quiet ? 'pipe' : ['ignore', 'inherit', 'inherit'] });
  if (result.error) throw new Error(`docker ${args[0]}: ${result.error.message}`);
  return { status: result.status ?? 1, output: `${result.stdout ?? ''}${result.stderr ?? ''}` };
}

async function withAdmin(statement) {
  const client = new pg.Client({ connectionString: adminUrl.toString() });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

if (docker(['info'], { quiet: true }).status !== 0) {
  console.error('check:image needs a Docker daemon (`docker info` failed).');
  process.exit(2);
}

if (process.env.IMAGE_CHECK_SKIP_BUILD !== '1') {
  const started = Date.now();
  // The host's network: the build's `npm ci` reaches the registry as the host does.
  if (docker(['build', '--network', 'host', '-t', tag, '.']).status !== 0) process.exit(1);
  console.log(`built ${tag} in ${Math.round((Date.now() - started) / 1000)} s`);
}

const secret = randomBytes(32).toString('hex');
const envArgs = (env) => Object.entries(env).flatMap(([name, value]) => ['-e', `${name}=${value}`]);
const run = (env, command = []) => docker(['run', '--rm', '--network', 'host', ...envArgs(env), tag, ...command], { quiet: true });

// Production refuses the unsafe settings before it touches a database.
const noSecret = run({ NODE_ENV: 'production' });
check('refuses to start without APP_SECRET', noSecret.status !== 0 && /APP_SECRET/.test(noSecret.output), `exit ${noSecret.status}`);
const noProvider = run({ NODE_ENV: 'production', APP_SECRET: secret });
check(
  'refuses to start without a payment provider',
  noProvider.status !== 0 && /PAYMENT_PROVIDER must be set/.test(noProvider.output),
  `exit ${noProvider.status}`,
);
const sandbox = run({ NODE_ENV: 'production', APP_SECRET: secret, PAYMENT_PROVIDER: 'sandbox' });
check('refuses the sandbox provider without the explicit opt-in', sandbox.status !== 0 && /ALLOW_SANDBOX_PAYMENTS/.test(sandbox.output));

await withAdmin(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
await withAdmin(`CREATE DATABASE ${databaseName}`);
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
try {
  // The image is production (NODE_ENV in the Dockerfile): its chores need the same settings.
  const env = {
    NODE_ENV: 'production',
    APP_SECRET: secret,
    PAYMENT_PROVIDER: 'paystack',
    PAYSTACK_SECRET_KEY: 'sk_test_image_check',
    DATABASE_URL: databaseUrl.toString(),
    PORT: String(port),
  };
  const migrate = run(env, ['node', 'apps/api/dist/cli.js', 'migrate']);
  check(
    'the image migrates a database (cli.js migrate)',
    migrate.status === 0 && /Applied migrations/.test(migrate.output),
    migrate.status === 0 ? '' : migrate.output.trim().slice(-500),
  );
  const seed = run(env, ['node', 'apps/api/dist/cli.js', 'seed']);
  check(
    'the image seeds the demo data (cli.js seed)',
    seed.status === 0 && /Demo data seeded/.test(seed.output),
    seed.status === 0 ? '' : seed.output.trim().slice(-500),
  );

  const started = docker(['run', '-d', '--name', container, '--network', 'host', ...envArgs(env), tag], { quiet: true });
  if (started.status !== 0) throw new Error(`docker run failed:\n${started.output}`);

  // The image's own HEALTHCHECK (every 30 s) is what an orchestrator trusts.
  // It ends early when the container has stopped or the image declares no HEALTHCHECK.
  let state = '';
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const format = '{{.State.Status}} {{if .State.Health}}{{.State.Health.Status}}{{else}}no-healthcheck{{end}}';
    state = docker(['inspect', '--format', format, container], { quiet: true }).output.trim();
    if (state !== 'running starting') break;
    await sleep(2_000);
  }
  check('its HEALTHCHECK reports healthy', state === 'running healthy', state);

  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'orgadmin@acme.test', password: 'Demo-Pass-2026' }),
  });
  const { token } = login.ok ? await login.json() : {};
  check('signs in the demo organization admin', login.ok && typeof token === 'string', `HTTP ${login.status}`);
  const me = await fetch(`${base}/api/auth/me`, { headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` } });
  check('answers /api/auth/me with the token', me.ok, `HTTP ${me.status}`);

  const index = await fetch(`${base}/`);
  const html = await index.text();
  check('serves the web app at / with cache-control no-cache', index.ok && /no-cache/.test(index.headers.get('cache-control') ?? ''));
  // Every file index.html names is hashed: cached for a year. Each worth compressing (the build
  // leaves files under 1 kB as they are) comes precompressed: the largest is checked.
  const named = [...new Set([...html.matchAll(/"(\/assets\/[^"]+\.(?:js|css))"/g)].map((match) => match[1]))];
  const sizes = await Promise.all(
    named.map(async (asset) => {
      const res = await fetch(new URL(asset, base), { headers: { 'accept-encoding': 'identity' } });
      await res.arrayBuffer();
      const immutable = res.ok && /immutable/.test(res.headers.get('cache-control') ?? '');
      return { asset, immutable, bytes: Number(res.headers.get('content-length') ?? 0) };
    }),
  );
  const largest = sizes.sort((a, b) => b.bytes - a.bytes)[0];
  const mutable = sizes.filter((file) => !file.immutable).map((file) => file.asset);
  check(
    `serves the ${named.length} scripts and styles index.html names as immutable`,
    named.length > 0 && !mutable.length,
    mutable.join(', '),
  );
  if (largest) {
    const res = await fetch(new URL(largest.asset, base), { headers: { 'accept-encoding': 'br, gzip' } });
    const bytes = Number(res.headers.get('content-length') ?? 0);
    check(
      `serves the largest, ${largest.asset}, brotli-compressed`,
      res.headers.get('content-encoding') === 'br' && bytes > 0 && bytes < largest.bytes,
      `${largest.bytes} → ${bytes} bytes`,
    );
  }

  const user = docker(['exec', container, 'id', '-un'], { quiet: true }).output.trim();
  check('runs as the node user, not root', user === 'node', user);
  const status = docker(['exec', container, 'cat', '/proc/1/status'], { quiet: true }).output;
  const rss = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0);
  console.log(`     resident memory of the server after the checks: ${Math.round(rss / 1024)} MB`);
  const node = docker(['exec', container, 'node', '--version'], { quiet: true }).output.trim();
  check('runs on a Node 22 or 24 LTS', /^v(22|24)\./.test(node), node);

  const stopping = Date.now();
  docker(['stop', '--time', '20', container], { quiet: true });
  const stopSeconds = (Date.now() - stopping) / 1000;
  const exitCode = docker(['inspect', '--format', '{{.State.ExitCode}}', container], { quiet: true }).output.trim();
  // docker stop sends SIGTERM, then SIGKILL (exit 137) when the time is up.
  check(
    'stops on SIGTERM, promptly and cleanly',
    exitCode === '0' && stopSeconds < 15,
    `exit ${exitCode} after ${stopSeconds.toFixed(1)} s`,
  );
} catch (error) {
  check('the checks ran to the end', false, error instanceof Error ? error.message : String(error));
} finally {
  docker(['rm', '-f', container], { quiet: true });
  await withAdmin(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
}

console.log(failures ? `${failures} check(s) failed` : 'every check passed');
process.exit(failures ? 1 : 0);
