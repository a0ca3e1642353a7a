/**
 * A backup archive is a gzipped tar (readable by any `tar -xzf`), written and read here with Node's
 * zlib and a small ustar writer and reader: regular files only, streamed, so neither a large
 * database dump nor thousands of stored files need to be in memory twice.
 */
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';

const BLOCK = 512;
/** ustar's size field holds 11 octal digits. */
const MAX_ENTRY_BYTES = 8 ** 11 - 1;

export interface ArchiveEntry {
  /** A relative path with `/` separators. */
  name: string;
  size: number;
  /** Exactly `size` bytes. */
  body(): AsyncIterable<Uint8Array> | Iterable<Uint8Array>;
}

function writeOctal(block: Buffer, offset: number, length: number, value: number): void {
  block.write(`${value.toString(8).padStart(length - 1, '0')}\0`, offset, length, 'ascii');
}

/** The name split into ustar's prefix (155 bytes) and name (100 bytes) fields. */
function splitName(name: string): { prefix: string; base: string } {
  if (Buffer.byteLength(name) <= 100) return { prefix: '', base: name };
  const cut = name.lastIndexOf('/', 155);
  const split = cut > 0 ? { prefix: name.slice(0, cut), base: name.slice(cut + 1) } : null;
  if (!split || Buffer.byteLength(split.prefix) > 155 || Buffer.byteLength(split.base) > 100) {
    throw new Error(`The name ${JSON.stringify(name)} is too long for the archive`);
  }
  return split;
}

function header(entry: { name: string; size: number }, mtime: Date): Buffer {
  if (!Number.isSafeInteger(entry.size) || entry.size < 0 || entry.size > MAX_ENTRY_BYTES) {
    throw new Error(`${entry.name} is too large for the archive (${entry.size} bytes)`);
  }
  const { prefix, base } = splitName(entry.name);
  const block = Buffer.alloc(BLOCK);
  block.write(base, 0, 100, 'utf8');
  writeOctal(block, 100, 8, 0o644);
  writeOctal(block, 108, 8, 0);
  writeOctal(block, 116, 8, 0);
  writeOctal(block, 124, 12, entry.size);
  writeOctal(block, 136, 12, Math.floor(mtime.getTime() / 1000));
  block.write('        ', 148, 8, 'ascii');
  block.write('0', 156, 1, 'ascii');
  block.write('ustar\u000000', 257, 8, 'ascii');
  block.write(prefix, 345, 155, 'utf8');
  writeOctal(block, 148, 7, checksum(block));
  return block;
}

/** The sum of the header's bytes with the checksum field counted as spaces. */
function checksum(block: Buffer): number {
  let sum = 0;
  for (let i = 0; i < BLOCK; i += 1) sum += i >= 148 && i < 156 ? 0x20 : (block[i] as number);
  return sum;
}

const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

async function* tarStream(entries: Iterable<ArchiveEntry>, mtime: Date): AsyncGenerator<Uint8Array> {
  for (const entry of entries) {
    yield header(entry, mtime);
    let written = 0;
    for await (const chunk of entry.body()) {
      written += chunk.byteLength;
      if (written > entry.size) break;
      yield chunk;
    }
    // A size that moved under us would shift every later entry: the archive is refused instead.
    if (written !== entry.size) throw new Error(`${entry.name} changed while it was archived (${written} bytes, expected ${entry.size})`);
    yield padding(entry.size);
  }
  yield Buffer.alloc(BLOCK * 2);
}

/** Writes the entries, in order, as a .tar.gz at `target`. */
export async function writeArchive(target: string, entries: Iterable<ArchiveEntry>, mtime = new Date()): Promise<void> {
  await pipeline(Readable.from(tarStream(entries, mtime)), createGzip(), createWriteStream(target));
}

/** Reads a stream exactly: whole blocks for headers, bounded runs of chunks for bodies. */
class ByteReader {
  private chunks: Buffer[] = [];
  private buffered = 0;

  constructor(private readonly source: AsyncIterator<Buffer>) {}

  private async fill(bytes: number): Promise<void> {
    while (this.buffered < bytes) {
      const next = await this.source.next();
      if (next.done) throw new Error('The archive ends too early: it is incomplete or damaged');
      this.chunks.push(next.value);
      this.buffered += next.value.length;
    }
  }

  /** Up to `max` bytes (at least one) that are already buffered or arrive next. */
  private async some(max: number): Promise<Buffer> {
    await this.fill(1);
    const first = this.chunks[0] as Buffer;
    const taken = first.subarray(0, Math.min(max, first.length));
    if (taken.length === first.length) this.chunks.shift();
    else this.chunks[0] = first.subarray(taken.length);
    this.buffered -= taken.length;
    return taken;
  }

  async exactly(bytes: number): Promise<Buffer> {
    await this.fill(bytes);
    const parts: Buffer[] = [];
    for (let left = bytes; left > 0;) {
      const part = await this.some(left);
      parts.push(part);
      left -= part.length;
    }
    return Buffer.concat(parts, bytes);
  }

  async *run(bytes: number): AsyncGenerator<Buffer> {
    for (let left = bytes; left > 0;) {
      const part = await this.some(left);
      left -= part.length;
      yield part;
    }
  }
}

function readText(block: Buffer, offset: number, length: number): string {
  const field = block.subarray(offset, offset + length);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? length : end).toString('utf8');
}

function readOctal(block: Buffer, offset: number, length: number): number {
  const text = readText(block, offset, length).trim();
  if (!/^[0-7]+$/.test(text)) throw new Error('The archive is damaged (a header holds no number)');
  return parseInt(text, 8);
}

/**
 * Reads a .tar.gz written by `writeArchive`, calling `onEntry` for each entry in order; `onEntry`
 * must read the whole body before it resolves. Anything but a regular file is refused.
 */
export async function readArchive(
  source: string,
  onEntry: (entry: { name: string; size: number }, body: AsyncIterable<Buffer>) => Promise<void>,
): Promise<void> {
  const input = createReadStream(source);
  const gunzip = createGunzip();
  // A read error (no such file) ends the gunzip stream with it, so the loop below rejects.
  input.on('error', (error) => gunzip.destroy(error));
  input.pipe(gunzip);
  const reader = new ByteReader(gunzip[Symbol.asyncIterator]() as AsyncIterator<Buffer>);
  try {
    for (;;) {
      const block = await reader.exactly(BLOCK);
      if (block.every((byte) => byte === 0)) break;
      if (readOctal(block, 148, 8) !== checksum(block)) throw new Error('The archive is damaged (a header checksum is wrong)');
      const type = readText(block, 156, 1);
      const prefix = readText(block, 345, 155);
      const name = (prefix ? `${prefix}/` : '') + readText(block, 0, 100);
      if (type !== '0' && type !== '') throw new Error(`The archive holds ${name}, which is not a plain file`);
      const size = readOctal(block, 124, 12);
      let read = 0;
      const body = (async function* () {
        for await (const chunk of reader.run(size)) {
          read += chunk.length;
          yield chunk;
        }
      })();
      await onEntry({ name, size }, body);
      if (read !== size) throw new Error(`${name} was not read to its end`);
      await reader.exactly(padding(size).length);
    }
  } finally {
    input.destroy();
    gunzip.destroy();
    if (!gunzip.closed) await once(gunzip, 'close');
  }
}
