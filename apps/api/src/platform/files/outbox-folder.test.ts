import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeOutboxMessage } from './outbox-folder.js';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function messagesIn(dir: string) {
  return readdirSync(dir).map((file) => ({
    file,
    message: JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Record<string, unknown>,
  }));
}

describe('the folder outbox', () => {
  it('makes its folder when a message finds it missing, again after it was removed, and leaves no partial file', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'outbox-'));
    made.push(root);
    const dir = path.join(root, 'outbox', 'sms');
    await writeOutboxMessage(dir, { to: '+2348031234567', text: 'one' });
    await writeOutboxMessage(dir, { to: '+2348031234567', text: 'two' });
    expect(
      messagesIn(dir)
        .map((m) => m.message.text)
        .sort(),
    ).toEqual(['one', 'two']);

    rmSync(path.join(root, 'outbox'), { recursive: true });
    await writeOutboxMessage(dir, { to: '+2348031234567', text: 'three' });
    const [only] = messagesIn(dir);
    expect(messagesIn(dir)).toHaveLength(1);
    expect(only?.file).toMatch(/^\d{4}-\d{2}-\d{2}T[\d-]+Z-[0-9a-f]{8}\.json$/);
    expect(only?.message).toMatchObject({ to: '+2348031234567', text: 'three', createdAt: expect.any(String) });
  });

  it('fails, and makes nothing, when a file stands where the folder should be', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'outbox-'));
    made.push(root);
    const file = path.join(root, 'not-a-folder');
    writeFileSync(file, 'plain');
    await expect(writeOutboxMessage(path.join(file, 'mail'), { text: 'lost?' })).rejects.toThrow(/ENOTDIR/);
    expect(readFileSync(file, 'utf8')).toBe('plain');
  });
});
