/**
 * The folder outboxes (mail and SMS without a provider): one JSON file a message, which the
 * operator and the tests read.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Writes one message as a file of `outboxDir`, stamped with its creation time. The folder is made
 * only when the write finds it missing: asking for it before every message cost a busy server
 * a system call per message (and an operator may empty or remove the folder at any time).
 */
export async function writeOutboxMessage(outboxDir: string, message: object): Promise<void> {
  const createdAt = new Date().toISOString();
  const file = `${createdAt.replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.json`;
  // Written aside and renamed, so that a reader never sees half a message.
  const partial = path.join(outboxDir, `.${file}.partial`);
  const text = JSON.stringify({ ...message, createdAt }, null, 2);
  try {
    await writeFile(partial, text);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    await mkdir(outboxDir, { recursive: true });
    await writeFile(partial, text);
  }
  await rename(partial, path.join(outboxDir, file));
}
