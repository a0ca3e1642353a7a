import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PRECOMPRESS_MIN_BYTES, precompressDirectory } from './precompress';

let dist: string;
beforeEach(() => {
  dist = mkdtempSync(path.join(tmpdir(), 'fleetfuel-precompress-'));
});
afterEach(() => rmSync(dist, { recursive: true, force: true }));

function write(relative: string, content: string | Buffer): string {
  const file = path.join(dist, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
  return file;
}

describe('precompressDirectory', () => {
  it('writes .br and .gz that decompress to the original beside large text files, nested ones too', async () => {
    const script = write('assets/index-AbC123.js', 'export const value = "fleet fuel";\n'.repeat(200));
    const sheet = write('assets/deep/styles-9f8e.css', '.card { padding: 4px; }\n'.repeat(100));
    const written = await precompressDirectory(dist);
    expect(written.sort()).toEqual([`${sheet}.br`, `${sheet}.gz`, `${script}.br`, `${script}.gz`].sort());
    for (const file of [script, sheet]) {
      const original = readFileSync(file);
      expect(brotliDecompressSync(readFileSync(`${file}.br`)).equals(original), file).toBe(true);
      expect(gunzipSync(readFileSync(`${file}.gz`)).equals(original), file).toBe(true);
      expect(readFileSync(`${file}.br`).length).toBeLessThan(original.length / 10);
    }
  });

  it('leaves small files, other formats and incompressible content alone', async () => {
    const small = write('favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const image = write('assets/logo.png', Buffer.alloc(PRECOMPRESS_MIN_BYTES * 4, 7));
    // Random bytes do not shrink: a "compressed" copy would only be larger.
    const noise = write('assets/noise.json', randomBytes(4096));
    expect(await precompressDirectory(dist)).toEqual([]);
    for (const file of [small, image, noise]) {
      expect(existsSync(`${file}.br`), file).toBe(false);
      expect(existsSync(`${file}.gz`), file).toBe(false);
    }
  });
});
