// The API as the scripts that drive it over HTTP start it (the crash test, the recovery drills):
// `apps/api/src/server.ts` under tsx, as `npm run serve` runs it, on a port of their choosing, in test
// mode with the demo data and the sandbox payments, answering once `/api/health` does.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Starts one API process; `onOutput` gets everything it prints. Resolves with the child, its API
 * address and a promise of its exit once it answers, or rejects with its last output if it exits or
 * does not answer within `timeoutMs`.
 */
export async function startApi({ port, databaseUrl, dataDir, env = {}, onOutput = () => undefined, timeoutMs = 60_000 }) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/api/src/server.ts')], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: databaseUrl,
      SEED_DEMO_DATA: 'true',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SMTP_URL: '',
      PAYMENT_PROVIDER: 'sandbox',
      ...env,
    },
  });
  const recent = [];
  const keep = (chunk) => {
    onOutput(chunk);
    recent.push(String(chunk));
    if (recent.length > 200) recent.splice(0, recent.length - 200);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  const base = `http://127.0.0.1:${port}/api`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (gone) throw new Error(`the API exited during start-up:\n${recent.join('').slice(-3000)}`);
    const ok = await fetch(`${base}/health`, { headers: { 'content-type': 'application/json' }, signal: AbortSignal.timeout(2000) })
      .then((res) => res.ok)
      .catch(() => false);
    if (ok) return { child, base, exited };
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the API did not answer /api/health within ${timeoutMs / 1000} s:\n${recent.join('').slice(-3000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
