/**
 * A mail server for `bench:api`: the production server sends its e-mails over SMTP, as a deployment
 * does, rather than writing each as a file of its data folder (which on an ext4 disk cost a
 * redemption ~1 ms of the server's CPU creating inodes: bench/RESULTS.md, run of 2026-11-28 09:59).
 * It accepts every message and keeps a count. It runs as a process of its own, so that its CPU, like
 * a mail provider's, is not counted as the server's or the load's client's.
 *
 * It is the tests' SMTP server (apps/api/test/smtp-server.ts), which answers pipelined commands as
 * a real server does.
 *
 *   node --import tsx bench/smtp-sink.ts serve   prints `listening <port>`, and `received <n>` when it gets SIGTERM
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSmtpServer } from '../apps/api/test/smtp-server.js';

export interface SmtpSink {
  /** `smtp://127.0.0.1:<port>`, for the server's SMTP_URL. */
  url: string;
  /** Stops the sink; the number of messages it accepted. */
  stop(): Promise<number>;
}

/** Starts the sink in a child process. */
export async function startSmtpSink(): Promise<SmtpSink> {
  // Through tsx whatever runs this (the bench's tsx, vitest for its check).
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), 'serve'], {
    cwd: path.dirname(fileURLToPath(import.meta.url)),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // Never left behind, however the bench ends.
  const killOnExit = () => child.kill();
  process.once('exit', killOnExit);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const port = await new Promise<number>((resolve, reject) => {
    const poll = setInterval(() => {
      const listening = /listening (\d+)/.exec(output);
      if (listening) {
        clearInterval(poll);
        resolve(Number(listening[1]));
      }
    }, 20);
    child.once('exit', (code) => {
      clearInterval(poll);
      reject(new Error(`The SMTP sink exited (${code ?? 'signal'}) before listening`));
    });
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    async stop() {
      process.off('exit', killOnExit);
      if (child.exitCode !== null) throw new Error(`The SMTP sink had stopped (${child.exitCode}): ${output}`);
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
      const received = /received (\d+)/.exec(output);
      if (!received) throw new Error(`The SMTP sink did not report its count: ${output}`);
      return Number(received[1]);
    },
  };
}

/** The server itself, counting what it accepts. */
function serve(): void {
  let received = 0;
  const server = createSmtpServer(() => (received += 1), 'bench-sink');
  server.listen(0, '127.0.0.1', () => console.log(`listening ${(server.address() as AddressInfo).port}`));
  process.once('SIGTERM', () => {
    console.log(`received ${received}`);
    process.exit(0);
  });
}

if (process.argv[2] === 'serve' && process.argv[1] === fileURLToPath(import.meta.url)) serve();
