import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { clientRouteTables } from './build-plugins/client-routes.ts';
import { precompress } from './build-plugins/precompress.ts';
import { prerenderSignIn } from './build-plugins/prerender.ts';

export default defineConfig({
  plugins: [react(), clientRouteTables(), prerenderSignIn(), precompress()],
  // `@/lib/format` instead of `../../../lib/format`; tsconfig.json `paths` and vitest.config.ts say the same.
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    proxy: {
      // API_PROXY_TARGET lets several developers (or agents) run their own API side by side.
      '/api': process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:3000',
    },
  },
  build: {
    outDir: 'dist',
    // Every browser the app supports preloads modules natively (Chromium, Firefox 115, Safari 17);
    // elsewhere the preload hints are merely ignored. The polyfill would be on the sign-in page (issue 16).
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // Required by the inlining below: no chunk has to keep an entry module's exports as they were.
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          // A common chunk under 16 kB (before minifying) is copied into each chunk that imports it
          // instead of being a file of its own. On a phone each file costs the main thread a request,
          // a response and a compile, and Lighthouse's slow 4G serves six at a time: with the pages
          // imported from the frame (app/shell/signed-in-pages.ts), the signed-in Dashboard went from
          // 58 scripts to 19 and its Lighthouse score on one machine from 46–53 to 58
          // (bench/RESULTS.md, 2026-11-27). Rolldown then keeps the modules' execution order
          // by wrapping them (strictExecutionOrder), which costs some start-up time but is what makes
          // copying safe. Experimental in rolldown; the lock file pins the version.
          experimentalInlineCommonChunks: { maxSize: 16 * 1024 },
          // Every page needs these; as chunks of their own they stay cached across app releases.
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            // Every icon the app draws, in one 4.7 kB file: as eleven 1 kB files they cost a phone's main
            // thread more than their bytes (bench/RESULTS.md, 2026-11-27). The sign-in page has none.
            { name: 'icons', test: /[\\/]node_modules[\\/]@tabler[\\/]icons-react[\\/]/ },
            // No such group for the contract: it declares no side effects, so each page takes only the
            // schemas and routes it uses (the sign-in page must not download every schema of the app).
          ],
        },
      },
    },
  },
});
