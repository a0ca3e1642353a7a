/**
 * Puts the sign-in screen, rendered to HTML at build time (src/prerender/sign-in-screen.tsx), into
 * the built index.html, with the inline script that removes it where the app will show something
 * else (src/prerender/prerendered-sign-in.ts), or with the session loader for a stored session,
 * and starts that session's first calls (src/prerender/early-calls-script.ts). The session loader
 * comes as a template beside the form. A phone on a slow network then draws the form when the
 * page and its stylesheet arrive instead of after React has run (issue 16: Lighthouse performance).
 *
 * The screen is rendered by loading its module through Vite's own server-side transform (the same
 * aliases and JSX as the bundle), so it is the app's component, not a copy of its markup.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';
import { withSsrModules } from './ssr-load.ts';

const SCREEN_MODULE = '/src/prerender/sign-in-screen.tsx';
const EMPTY_ROOT = '<div id="root"></div>';

interface ScreenModule {
  renderPrerenderedScreens(): string;
  inlineScript(): string;
}

/** index.html with the screen in #root; refuses a template whose #root is not the empty one expected. */
export function withPrerenderedScreen(indexHtml: string, screenHtml: string, inlineScript: string): string {
  const at = indexHtml.indexOf(EMPTY_ROOT);
  if (at < 0 || indexHtml.indexOf(EMPTY_ROOT, at + 1) >= 0) {
    throw new Error(`index.html must contain exactly one empty ${EMPTY_ROOT} to prerender the sign-in screen into`);
  }
  const root = `<div id="root">${screenHtml}</div><script>${inlineScript}</script>`;
  return indexHtml.slice(0, at) + root + indexHtml.slice(at + EMPTY_ROOT.length);
}

export function prerenderSignIn(): Plugin {
  let root = '';
  let outDir = '';
  let configFile: string | undefined;
  return {
    name: 'fleetfuel:prerender-sign-in',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
      configFile = config.configFile;
    },
    closeBundle: {
      // Before precompress, which must compress the finished index.html.
      order: 'pre',
      sequential: true,
      async handler() {
        await withSsrModules({ root, configFile }, async (load) => {
          const screen = (await load(SCREEN_MODULE)) as unknown as ScreenModule;
          const indexFile = path.join(outDir, 'index.html');
          const indexHtml = await readFile(indexFile, 'utf8');
          await writeFile(indexFile, withPrerenderedScreen(indexHtml, screen.renderPrerenderedScreens(), screen.inlineScript()));
        });
        this.info('prerendered the sign-in screen into index.html');
      },
    },
  };
}
