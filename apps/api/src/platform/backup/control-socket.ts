/**
 * The embedded database's control socket: `${DATA_DIR}/control.sock`, a Unix socket (mode 0600, so
 * only the user running the server, who can read the data folder anyway, reaches it). PGlite's data
 * folder is the one running process's alone, so `npm run backup` asks that process for the snapshot
 * through it. It is not an HTTP route: nothing on the network can ask for a copy of the database.
 *
 * The socket is also the data folder's lock: the server and the backup and restore commands hold it
 * while they have the database open, and refuse to start while another holder answers on it.
 *
 * Protocol: one line with the command (`backup`), one JSON line back, then the connection closes.
 */
import { chmod, mkdir, rm } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import type { TakenBackup } from './backups.js';

const SOCKET_NAME = 'control.sock';
/** sun_path holds 108 bytes on Linux, 104 on macOS, with its terminating zero. */
const MAX_SOCKET_PATH = 103;
const MAX_COMMAND_BYTES = 64;

export type ControlReply = ({ ok: true } & TakenBackup) | { ok: false; error: string };

export interface ControlSocket {
  /** Answers `backup` with this from now on (before: the holder's `busy` message). */
  serve(backup: () => Promise<TakenBackup>): void;
  /** Stops listening, waits for the commands under way, and removes the socket file. */
  close(): Promise<void>;
}

/**
 * Where to bind or connect: the absolute path, or the same file relative to the working directory
 * when only that fits in a socket address (a deep DATA_DIR).
 */
function socketAddress(dataDir: string): string {
  const full = path.resolve(dataDir, SOCKET_NAME);
  if (Buffer.byteLength(full) <= MAX_SOCKET_PATH) return full;
  const relative = path.relative(process.cwd(), full);
  if (Buffer.byteLength(relative) <= MAX_SOCKET_PATH) return relative;
  throw new Error(`The data folder's path is too long for its control socket (${full}): use a shorter DATA_DIR`);
}

/** The reply of whoever holds the data folder, or null when nobody listens on its socket. */
export function askServer(dataDir: string, command: 'backup'): Promise<ControlReply | null> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketAddress(dataDir));
    let answer = '';
    let connected = false;
    socket.setEncoding('utf8');
    socket.on('connect', () => {
      connected = true;
      socket.end(`${command}\n`);
    });
    socket.on('data', (chunk: string) => {
      answer += chunk;
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // No socket file, or one that a stopped process left: nobody holds the data folder.
      if (!connected && (error.code === 'ENOENT' || error.code === 'ECONNREFUSED')) resolve(null);
      else reject(error);
    });
    socket.on('close', () => {
      if (!connected) return;
      try {
        resolve(JSON.parse(answer) as ControlReply);
      } catch {
        reject(new Error(`The process holding ${dataDir} answered something unreadable: ${answer.slice(0, 200)}`));
      }
    });
  });
}

/** Whether a process listens on the socket (connecting and leaving without a command). */
function isAnswered(address: string): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(address);
    socket.on('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(false);
      else reject(error);
    });
  });
}

/** Reads the one command line of a connection (bounded), then answers it with `answer`. */
function handleConnection(socket: net.Socket, answer: (command: string) => Promise<ControlReply>): Promise<void> {
  return new Promise((resolve) => {
    let received = '';
    let answered = false;
    socket.setEncoding('utf8');
    socket.on('error', () => resolve());
    socket.on('close', () => resolve());
    // The client's end of the connection closes after its command (the reply comes later); one
    // that sent none (a probe: is anybody there?) is closed at once.
    socket.on('end', () => {
      if (!answered) socket.end();
    });
    socket.on('data', (chunk: string) => {
      if (answered) return;
      received += chunk;
      const end = received.indexOf('\n');
      if (end === -1 && received.length <= MAX_COMMAND_BYTES) return;
      answered = true;
      const command = end === -1 ? '' : received.slice(0, end).trim();
      void answer(command).then((reply) => {
        socket.end(`${JSON.stringify(reply)}\n`);
      });
    });
  });
}

/**
 * Binds the data folder's control socket; throws when another process answers on it. A socket file
 * that nobody answers on was left by a process that stopped without removing it, and is replaced.
 */
export async function openControlSocket(dataDir: string, busy: string): Promise<ControlSocket> {
  const address = socketAddress(dataDir);
  await mkdir(dataDir, { recursive: true });
  if (await isAnswered(address)) {
    throw new Error(`Another process is using the data folder ${dataDir} (it answers on ${SOCKET_NAME}): stop it first`);
  }
  await rm(address, { force: true });
  let backup: (() => Promise<TakenBackup>) | null = null;
  const underWay = new Set<Promise<void>>();
  const answer = async (command: string): Promise<ControlReply> => {
    if (command !== 'backup') return { ok: false, error: `Unknown command ${JSON.stringify(command)}: the only one is backup` };
    if (!backup) return { ok: false, error: busy };
    try {
      return { ok: true, ...(await backup()) };
    } catch (error) {
      return { ok: false, error: error instanceof Error ? error.message : String(error) };
    }
  };
  const server = net.createServer({ allowHalfOpen: true }, (socket) => {
    const handled = handleConnection(socket, answer);
    underWay.add(handled);
    void handled.then(() => underWay.delete(handled));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(address, () => {
      server.off('error', reject);
      resolve();
    });
  });
  await chmod(address, 0o600);
  return {
    serve(run) {
      backup = run;
    },
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      await Promise.all(underWay);
      await closed;
      await rm(address, { force: true });
    },
  };
}
