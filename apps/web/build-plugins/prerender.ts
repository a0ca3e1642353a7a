/**
 * Puts the sign-in screen, rendered to HTML at build time (src/prerender/sign-in-screen.tsx), into
 * the built index.html, with the inline scripts that hide it where the app will show something
 * else (src/prerender/removal-script.ts), or put the session loader in its place for a stored
 * session, and start that session's first calls (src/prerender/early-calls-script.ts). The session
 * loader comes as a template beside the form, and so does, for a stored fleet manager's session at
 * `/`, the frame with the Dashboard's cards, whose figures a bundled inline script writes from the
 * early overview reply (src/prerender/dashboard-screen.tsx, dashboard-fill.ts). A phone on a slow
 * network then draws the form, or the Dashboard's figures, when the page and its stylesheets arrive
 * instead of after React has run (issue 16: Lighthouse performance).
 *
 * The screens are rendered by loading their modules through Vite's own server-side transform (the
 * same aliases and JSX as the bundle), so they are the app's components, not a copy of their markup.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build as bundle } from 'esbuild';
import type { Plugin } from 'vite';
import { withSsrModules } from './ssr-load.ts';

const SCREEN_MODULE = '/src/prerender/sign-in-screen.tsx';
const DASHBOARD_SCREEN_MODULE = '/src/prerender/dashboard-screen.tsx';
/** The prerendered Dashboard's inline script (src/prerender/dashboard-fill.ts), bundled for the page. */
const DASHBOARD_FILL_MODULE = './src/prerender/dashboard-fill.ts';
const EMPTY_ROOT = '<div id="root"></div>';

/**
 * The modules whose files a stored session preloads while index.html is read
 * (src/prerender/module-preloads.ts): the app's start, the auth routes that refresh the session
 * (loaded on first use, src/lib/auth/auth-context.tsx, so otherwise a wave of their own before
 * anything signed-in is drawn) and the signed-in frame for any session, the Dashboard page at `/`.
 */
const SIGNED_IN_ENTRIES = ['src/app/start.tsx', 'contract/src/routes/auth.routes.ts', 'src/app/shell/SignedInFrame.tsx'];
const DASHBOARD_ENTRIES = ['src/app/pages/dashboard.tsx'];

interface ScreenModule {
  renderThemeStyles(): string;
  headMarkup(): string;
  renderPrerenderedScreens(): string;
  inlineScript(): string;
  preloadTemplates(signedInFiles: readonly string[], dashboardFiles: readonly string[]): string;
}

interface DashboardScreenModule {
  renderDashboardTemplates(): string;
  dashboardFillOptions(): unknown;
}

/**
 * The prerendered Dashboard's inline script: dashboard-fill.ts with what it imports, as one
 * function run with `options` (the values it would otherwise import from the contract's index,
 * which would bring zod into the page).
 */
export async function bundleDashboardFill(root: string, options: unknown): Promise<string> {
  const result = await bundle({
    stdin: {
      contents: `import { showPrerenderedDashboard } from ${JSON.stringify(DASHBOARD_FILL_MODULE)};showPrerenderedDashboard(${JSON.stringify(options)});`,
      resolveDir: root,
      loader: 'ts',
    },
    tsconfig: path.join(root, 'tsconfig.json'),
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2020',
    minify: true,
    legalComments: 'none',
    logLevel: 'silent',
  });
  const [output] = result.outputFiles;
  if (!output) throw new Error('esbuild wrote nothing for the prerendered Dashboard');
  // One statement, joined to the page's other inline script by `;`: esbuild's "use strict" directive
  // would be a mere string there (the modules are strict as written anyway).
  return output.text
    .trim()
    .replace(/^"use strict";/, '')
    .replace(/;$/, '');
}

/** What the preloads need of a chunk of the build. */
export interface BuiltChunk {
  fileName: string;
  facadeModuleId: string | null;
  /** The modules whose code it holds. */
  moduleIds: readonly string[];
  /** The chunks it imports statically: they load with it. */
  imports: readonly string[];
  /** Its stylesheets, which the app adds when it loads the chunk. */
  css: readonly string[];
}

/**
 * The files (as URL paths) that loading `entries` fetches: each entry's chunk, the chunks it
 * imports statically, theirs in turn, and their stylesheets, in that order, each once, leaving out
 * `skip` (what index.html already loads, or an earlier list preloads).
 */
export function filesToPreload(chunks: readonly BuiltChunk[], entries: readonly string[], skip: ReadonlySet<string>): string[] {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const files: string[] = [];
  const seen = new Set<string>();
  const visit = (chunk: BuiltChunk) => {
    if (seen.has(chunk.fileName)) return;
    seen.add(chunk.fileName);
    files.push(`/${chunk.fileName}`);
    for (const imported of chunk.imports) {
      const next = byFile.get(imported);
      if (next) visit(next);
    }
    files.push(...chunk.css.map((file) => `/${file}`));
  };
  for (const entry of entries) visit(chunkOf(chunks, entry));
  return [...new Set(files)].filter((file) => !skip.has(file));
}

/**
 * The chunk that a dynamic import of `entry` loads: the one whose facade it is or, where the
 * bundler made no facade for it (modules wrapped to keep their execution order), the only chunk that
 * holds it. A moved module would silently preload nothing: the build says so instead.
 */
function chunkOf(chunks: readonly BuiltChunk[], entry: string): BuiltChunk {
  const facade = chunks.find((candidate) => candidate.facadeModuleId?.endsWith(entry));
  if (facade) return facade;
  const holding = chunks.filter((candidate) => candidate.moduleIds.some((id) => id.endsWith(entry)));
  if (holding.length === 1 && holding[0]) return holding[0];
  throw new Error(
    holding.length === 0
      ? `No chunk of the build holds the module ${entry}; the preloads of a signed-in visit name it`
      : `The module ${entry} is in ${holding.length} chunks of the build; the preloads of a signed-in visit cannot tell which one loads it`,
  );
}

/** The files index.html itself references (its entry script, stylesheet and module preloads). */
export function filesInPage(indexHtml: string): Set<string> {
  return new Set([...indexHtml.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map(([, file]) => file ?? ''));
}

/**
 * index.html with the screen in #root, then the preload templates and the inline script; refuses a
 * template whose #root is not the empty one expected.
 */
export function withPrerenderedScreen(indexHtml: string, screenHtml: string, inlineScript: string, templates = ''): string {
  const at = indexHtml.indexOf(EMPTY_ROOT);
  if (at < 0 || indexHtml.indexOf(EMPTY_ROOT, at + 1) >= 0) {
    throw new Error(`index.html must contain exactly one empty ${EMPTY_ROOT} to prerender the sign-in screen into`);
  }
  const root = `<div id="root">${screenHtml}</div>${templates}<script>${inlineScript}</script>`;
  return indexHtml.slice(0, at) + root + indexHtml.slice(at + EMPTY_ROOT.length);
}

/**
 * index.html with the theme's CSS variables and Mantine's global classes (the provider's `<style>`
 * elements) at the end of its head: after the stylesheet, whose defaults for the same variables they
 * override (the app's provider no longer adds them: src/app/AppProviders.tsx).
 */
export function withThemeStyles(indexHtml: string, styles: string): string {
  const at = indexHtml.indexOf('</head>');
  if (at < 0 || indexHtml.indexOf('</head>', at + 1) >= 0)
    throw new Error("index.html must contain exactly one </head> for the theme's styles");
  if (!/^(?:<style[^>]*>[^<]*<\/style>)+$/.test(styles))
    throw new Error(`The theme styles are not <style> elements only: ${styles.slice(0, 80)}`);
  return indexHtml.slice(0, at) + styles + indexHtml.slice(at);
}

const CHARSET = /<meta charset="[^"]*"\s*\/?>/gi;

/**
 * index.html with `markup` (inline style and script) right after its charset declaration, which must
 * stay first, and before its stylesheet: a script after a stylesheet waits for it to download.
 */
export function withHeadStart(indexHtml: string, markup: string): string {
  const charsets = [...indexHtml.matchAll(CHARSET)];
  const [charset] = charsets;
  if (charsets.length !== 1 || !charset) throw new Error('index.html must declare its charset exactly once, first in its head');
  const at = charset.index + charset[0].length;
  const firstResource = indexHtml.search(/<(?:link|script|style)\b/i);
  if (firstResource >= 0 && firstResource < at) throw new Error("index.html's charset must come before its stylesheets and scripts");
  return indexHtml.slice(0, at) + markup + indexHtml.slice(at);
}

export function prerenderSignIn(): Plugin {
  let root = '';
  let outDir = '';
  let configFile: string | undefined;
  let chunks: BuiltChunk[] = [];
  return {
    name: 'fleetfuel:prerender-sign-in',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
      configFile = config.configFile;
    },
    generateBundle(_options, bundle) {
      chunks = Object.values(bundle).flatMap((output) =>
        output.type === 'chunk'
          ? [
              {
                fileName: output.fileName,
                facadeModuleId: output.facadeModuleId,
                moduleIds: output.moduleIds,
                imports: output.imports,
                css: [...(output.viteMetadata?.importedCss ?? [])],
              },
            ]
          : [],
      );
    },
    closeBundle: {
      // Before precompress, which must compress the finished index.html.
      order: 'pre',
      sequential: true,
      async handler() {
        await withSsrModules({ root, configFile }, async (load) => {
          const screen = (await load(SCREEN_MODULE)) as unknown as ScreenModule;
          const dashboardScreen = (await load(DASHBOARD_SCREEN_MODULE)) as unknown as DashboardScreenModule;
          const dashboardFill = await bundleDashboardFill(root, dashboardScreen.dashboardFillOptions());
          const indexFile = path.join(outDir, 'index.html');
          const indexHtml = await readFile(indexFile, 'utf8');
          const inPage = filesInPage(indexHtml);
          const signedIn = filesToPreload(chunks, SIGNED_IN_ENTRIES, inPage);
          const dashboard = filesToPreload(chunks, DASHBOARD_ENTRIES, new Set([...inPage, ...signedIn]));
          const templates = screen.preloadTemplates(signedIn, dashboard) + dashboardScreen.renderDashboardTemplates();
          const inlineScript = `${screen.inlineScript()};${dashboardFill}`;
          const page = withPrerenderedScreen(indexHtml, screen.renderPrerenderedScreens(), inlineScript, templates);
          await writeFile(indexFile, withHeadStart(withThemeStyles(page, screen.renderThemeStyles()), screen.headMarkup()));
        });
        this.info(
          "prerendered the sign-in screen and the Dashboard's frame into index.html, with the theme's variables and the preloads of a signed-in visit",
        );
      },
    },
  };
}
