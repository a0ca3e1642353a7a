/**
 * Writes `.br` (brotli, highest quality) and `.gz` (gzip -9) beside every compressible file of the
 * build, so the server sends the smallest encoding a browser accepts without compressing anything
 * per request (brotli at quality 11 is far too slow to run on each reply).
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats that shrink several times over; images and fonts of the build are compressed already. */
const PRECOMPRESSED_EXTENSIONS: ReadonlySet<string> = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.wasm']);

/**
 * Below this size the encoding's own overhead outweighs the saving. Files of a few hundred bytes
 * still shrink by a third or more (the small chunks of Mantine components the sign-in page loads),
 * and a precompressed copy costs nothing per request; an encoding that does not come out smaller
 * is not written anyway.
 */
export const PRECOMPRESS_MIN_BYTES = 256;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/** Compresses one file both ways; an encoding that does not come out smaller is not written. */
async function precompressFile(file: string): Promise<string[]> {
  const original = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(original, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: path.extname(file) === '.wasm' ? constants.BROTLI_MODE_GENERIC : constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: original.length,
      },
    }),
    gzipAsync(original, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  const written: string[] = [];
  for (const [encoded, extension] of [
    [br, '.br'],
    [gz, '.gz'],
  ] as const) {
    if (encoded.length >= original.length) continue;
    await writeFile(`${file}${extension}`, encoded);
    written.push(`${file}${extension}`);
  }
  return written;
}

/** Precompresses every eligible file under `dir`; returns the paths of the files written. */
export async function precompressDirectory(dir: string): Promise<string[]> {
  const candidates: string[] = [];
  for (const file of await filesUnder(dir)) {
    if (!PRECOMPRESSED_EXTENSIONS.has(path.extname(file))) continue;
    if ((await stat(file)).size >= PRECOMPRESS_MIN_BYTES) candidates.push(file);
  }
  const written = await Promise.all(candidates.map(precompressFile));
  return written.flat();
}

/** Runs after the bundle and the public folder are written, so both are covered. */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'fleetfuel:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const written = await precompressDirectory(outDir);
      this.info(`precompressed ${written.length} files (.br and .gz) in ${path.relative(process.cwd(), outDir) || '.'}`);
    },
  };
}
