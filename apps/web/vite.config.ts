import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      // API_PROXY_TARGET lets several developers (or agents) run their own API side by side.
      '/api': process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:3000',
    },
  },
  build: {
    outDir: 'dist',
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Every page needs these; as chunks of their own they stay cached across app releases.
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            { name: 'contract', test: /[\\/]packages[\\/]contract[\\/]|[\\/]node_modules[\\/]zod[\\/]/ },
          ],
        },
      },
    },
  },
});
