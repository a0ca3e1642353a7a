/**
 * Loads app modules at build time through Vite's own server-side transform (the app's aliases,
 * JSX and config), for the build plugins that compute something from the app's code: the
 * prerendered screens (prerender.ts) and the client's route tables (client-routes.ts). The plugins
 * apply to builds only, so the server made here does not run them again.
 */
import { createServer, type ResolvedConfig } from 'vite';

export async function withSsrModules<T>(
  config: Pick<ResolvedConfig, 'root' | 'configFile'>,
  use: (load: (url: string) => Promise<Record<string, unknown>>) => Promise<T>,
): Promise<T> {
  const server = await createServer({
    root: config.root,
    configFile: config.configFile ?? false,
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
  });
  try {
    return await use((url) => server.ssrLoadModule(url));
  } finally {
    await server.close();
  }
}
