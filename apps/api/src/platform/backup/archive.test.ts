import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readArchive, writeArchive, type ArchiveEntry } from './archive.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'fleetfuel-archive-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function entryOf(name: string, data: Buffer, chunk = 64 * 1024): ArchiveEntry {
  return {
    name,
    size: data.length,
    *body() {
      for (let at = 0; at < data.length; at += chunk) yield data.subarray(at, at + chunk);
    },
  };
}

async function readAll(file: string): Promise<Map<string, Buffer>> {
  const found = new Map<string, Buffer>();
  await readArchive(file, async (entry, body) => {
    const chunks: Buffer[] = [];
    for await (const chunk of body) chunks.push(chunk);
    found.set(entry.name, Buffer.concat(chunks));
  });
  return found;
}

describe('backup archives', () => {
  const longName = `files/${'a'.repeat(90)}/${'b'.repeat(60)}.png`;
  const contents = new Map<string, Buffer>([
    ['manifest.json', Buffer.from('{"format":1}\n')],
    ['pglite.tar', randomBytes(1_300_000)],
    ['files/empty.png', Buffer.alloc(0)],
    ['files/exactly-one-block.pdf', randomBytes(512)],
    [longName, randomBytes(777)],
  ]);

  it('reads back every entry, in order and byte for byte, what it wrote', async () => {
    const file = path.join(dir, 'round-trip.tar.gz');
    await writeArchive(
      file,
      [...contents].map(([name, data]) => entryOf(name, data, 1000)),
    );
    const found = await readAll(file);
    expect([...found.keys()]).toEqual([...contents.keys()]);
    for (const [name, data] of contents) expect(found.get(name)?.equals(data), name).toBe(true);
  });

  it('writes a tar.gz that the system tar lists and extracts', async () => {
    const file = path.join(dir, 'standard.tar.gz');
    await writeArchive(
      file,
      [...contents].map(([name, data]) => entryOf(name, data)),
    );
    const listed = execFileSync('tar', ['-tzf', file], { encoding: 'utf8' }).trim().split('\n');
    expect(listed).toEqual([...contents.keys()]);
    const out = path.join(dir, 'out');
    execFileSync('mkdir', [out]);
    execFileSync('tar', ['-xzf', file, '-C', out]);
    expect(readFileSync(path.join(out, longName)).equals(contents.get(longName) as Buffer)).toBe(true);
  });

  it('refuses an entry whose body is not the size it declared', async () => {
    const short: ArchiveEntry = { ...entryOf('pglite.tar', randomBytes(100)), size: 200 };
    await expect(writeArchive(path.join(dir, 'short.tar.gz'), [short])).rejects.toThrow(/changed while it was archived/);
  });

  it('refuses a cut-short or damaged archive', async () => {
    const file = path.join(dir, 'whole.tar.gz');
    await writeArchive(file, [entryOf('pglite.tar', randomBytes(200_000))]);
    const whole = readFileSync(file);
    const cut = path.join(dir, 'cut.tar.gz');
    writeFileSync(cut, whole.subarray(0, Math.floor(whole.length / 2)));
    await expect(readAll(cut)).rejects.toThrow();
    const notGzip = path.join(dir, 'plain.tar.gz');
    writeFileSync(notGzip, 'not an archive');
    await expect(readAll(notGzip)).rejects.toThrow();
    await expect(readAll(path.join(dir, 'missing.tar.gz'))).rejects.toThrow(/ENOENT/);
  });
});
