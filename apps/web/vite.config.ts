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
      output: {
        codeSplitting: {
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
