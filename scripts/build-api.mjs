/**
 * `npm run build:api` (part of `npm run build`): bundles the server, the database and backup CLIs
 * and the report worker into `dist/` as plain JavaScript that `node` runs without tsx (tsx compiles
 * every module at each start, which costs seconds and hundreds of megabytes). The workspace contract is
 * TypeScript, so it is bundled in; packages from node_modules stay external: pdfkit, PGlite and
 * argon2 read files (fonts, the WebAssembly build, native binaries) from beside their own code,
 * which a bundle would break.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/api');
const outdir = path.join(apiDir, 'dist');

/** Bare imports (`pg`, `@fastify/static`) load from node_modules at run time, except our workspace packages. */
const keepPackagesExternal = {
  name: 'keep-packages-external',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@fleetfuel/') ? undefined : { path: args.path, external: true },
    );
  },
};

await rm(outdir, { recursive: true, force: true });
// esbuild has already printed what failed, with the file and line.
const result = await build({
  absWorkingDir: apiDir,
  // The report worker thread is started from its own file beside server.js (platform/pdf/report-renderer.ts).
  entryPoints: {
    server: 'src/server.ts',
    cli: 'src/db/cli.ts',
    // `npm run backup | restore` where tsx is not installed (the image): node apps/api/dist/backup.js backup
    backup: 'src/platform/backup/cli.ts',
    'report-worker': 'src/platform/pdf/report-worker.ts',
  },
  outdir,
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  // The oldest Node the README promises; the output runs unchanged on 22 and 24.
  target: 'node20.19',
  sourcemap: true,
  // Shared code goes into chunks that the entry points import.
  chunkNames: 'chunks/[name]-[hash]',
  plugins: [keepPackagesExternal],
  logLevel: 'warning',
  metafile: true,
}).catch(() => process.exit(1));
const bytes = Object.entries(result.metafile.outputs)
  .filter(([file]) => file.endsWith('.js'))
  .reduce((sum, [, output]) => sum + output.bytes, 0);
console.log(`API built into ${path.relative(process.cwd(), outdir) || '.'} (${(bytes / 1024).toFixed(0)} kB of JavaScript)`);
