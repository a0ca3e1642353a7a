import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  type BuiltChunk,
  bundleDashboardFill,
  filesInPage,
  filesToPreload,
  withHeadStart,
  withPrerenderedScreen,
  withThemeStyles,
} from './prerender';

const INDEX =
  '<!doctype html><html><head><title>FleetFuel</title></head><body><div id="root"></div><script type="module" src="/a.js"></script></body></html>';

describe('withPrerenderedScreen', () => {
  it('puts the screen into #root, followed by its inline script, and leaves the rest as built', () => {
    const html = withPrerenderedScreen(INDEX, '<form>sign in</form>', 'go()');
    expect(html).toBe(
      '<!doctype html><html><head><title>FleetFuel</title></head><body><div id="root"><form>sign in</form></div><script>go()</script><script type="module" src="/a.js"></script></body></html>',
    );
  });

  it('refuses a template without exactly one empty #root', () => {
    expect(() => withPrerenderedScreen('<body></body>', 'x', 'y')).toThrow(/exactly one empty/);
    expect(() => withPrerenderedScreen(withPrerenderedScreen(INDEX, 'x', 'y'), 'x', 'y')).toThrow(/exactly one empty/);
    expect(() => withPrerenderedScreen('<div id="root"></div><div id="root"></div>', 'x', 'y')).toThrow(/exactly one empty/);
  });
});

describe('withHeadStart', () => {
  it('puts the markup right after the charset, before the stylesheet that a script would wait for', () => {
    const page = '<head><meta charset="UTF-8" /><title>x</title><link rel="stylesheet" href="/a.css"></head>';
    expect(withHeadStart(page, '<script>go()</script>')).toBe(
      '<head><meta charset="UTF-8" /><script>go()</script><title>x</title><link rel="stylesheet" href="/a.css"></head>',
    );
  });

  it('refuses a page without exactly one charset, or with one after a stylesheet', () => {
    expect(() => withHeadStart('<head></head>', 'x')).toThrow(/charset/);
    expect(() => withHeadStart('<meta charset="a"><meta charset="b">', 'x')).toThrow(/charset/);
    expect(() => withHeadStart('<link rel="stylesheet" href="/a.css"><meta charset="UTF-8">', 'x')).toThrow(/before its stylesheets/);
  });
});

describe('withThemeStyles', () => {
  it("ends the head with the theme's style elements, after the stylesheet they override", () => {
    const page = '<head><link rel="stylesheet" href="/a.css"></head><body></body>';
    expect(withThemeStyles(page, '<style a>:root{--x:1}</style><style b>.y{}</style>')).toBe(
      '<head><link rel="stylesheet" href="/a.css"><style a>:root{--x:1}</style><style b>.y{}</style></head><body></body>',
    );
  });

  it('refuses anything but style elements, and a page without exactly one head', () => {
    expect(() => withThemeStyles('<head></head>', '<style>a</style><div></div>')).toThrow(/style/);
    expect(() => withThemeStyles('<head></head>', '')).toThrow(/style/);
    expect(() => withThemeStyles('<body></body>', '<style>a</style>')).toThrow(/<\/head>/);
  });
});

describe('the preloads of a signed-in visit', () => {
  const chunk = (fileName: string, imports: string[] = [], css: string[] = [], facadeModuleId: string | null = null): BuiltChunk => ({
    fileName,
    facadeModuleId,
    moduleIds: facadeModuleId ? [facadeModuleId] : [],
    imports,
    css,
  });
  const chunks = [
    chunk('assets/index-1.js', ['assets/runtime-2.js'], [], '/app/src/main.tsx'),
    chunk('assets/runtime-2.js'),
    chunk('assets/start-3.js', ['assets/runtime-2.js', 'assets/react-4.js'], [], '/app/src/app/start.tsx'),
    chunk('assets/react-4.js', ['assets/runtime-2.js']),
    chunk(
      'assets/SignedInFrame-5.js',
      ['assets/react-4.js', 'assets/Menu-6.js'],
      ['assets/SignedInFrame-7.css'],
      '/app/src/app/shell/SignedInFrame.tsx',
    ),
    chunk('assets/Menu-6.js', ['assets/react-4.js']),
    chunk('assets/dashboard-8.js', ['assets/Menu-6.js', 'assets/StatCard-9.js'], [], '/app/src/app/pages/dashboard.tsx'),
    chunk('assets/StatCard-9.js'),
    chunk('assets/fuel-10.js', ['assets/Menu-6.js'], [], '/app/src/app/pages/fuel.tsx'),
  ];
  const page =
    '<script type="module" crossorigin src="/assets/index-1.js"></script><link rel="modulepreload" crossorigin href="/assets/runtime-2.js"><link rel="stylesheet" crossorigin href="/assets/index-0.css">';

  it('are the entries’ files and everything they import, each once, what the page loads left out', () => {
    const inPage = filesInPage(page);
    expect([...inPage]).toEqual(['/assets/index-1.js', '/assets/runtime-2.js', '/assets/index-0.css']);
    const signedIn = filesToPreload(chunks, ['src/app/start.tsx', 'src/app/shell/SignedInFrame.tsx'], inPage);
    expect(signedIn).toEqual([
      '/assets/start-3.js',
      '/assets/react-4.js',
      '/assets/SignedInFrame-5.js',
      '/assets/Menu-6.js',
      '/assets/SignedInFrame-7.css',
    ]);
    // The Dashboard's list leaves out what the frame's already asks for; no other page is in either.
    expect(filesToPreload(chunks, ['src/app/pages/dashboard.tsx'], new Set([...inPage, ...signedIn]))).toEqual([
      '/assets/dashboard-8.js',
      '/assets/StatCard-9.js',
    ]);
  });

  it('refuse an entry the build has no chunk for, rather than preload nothing', () => {
    expect(() => filesToPreload(chunks, ['src/app/pages/moved.tsx'], new Set())).toThrow(/src\/app\/pages\/moved.tsx/);
  });

  it('find an entry without a facade of its own by the chunk that holds it, and only when one does', () => {
    // Modules wrapped to keep their execution order: the start's chunk holds it but has no facade.
    const wrapped = { ...chunk('assets/start-3.js', ['assets/react-4.js']), moduleIds: ['/app/src/app/lib.ts', '/app/src/app/start.tsx'] };
    const withoutFacade = chunks.map((candidate) => (candidate.fileName === wrapped.fileName ? wrapped : candidate));
    expect(filesToPreload(withoutFacade, ['src/app/start.tsx'], new Set(['/assets/runtime-2.js']))).toEqual([
      '/assets/start-3.js',
      '/assets/react-4.js',
    ]);
    // Copied into two chunks, the module names no one file to preload.
    const copied = [...withoutFacade, { ...chunk('assets/other-11.js'), moduleIds: ['/app/src/app/start.tsx'] }];
    expect(() => filesToPreload(copied, ['src/app/start.tsx'], new Set())).toThrow(/in 2 chunks/);
  });

  it('go between the screen and the inline script, so that the script finds its templates', () => {
    const html = withPrerenderedScreen(INDEX, '<form>sign in</form>', 'go()', '<template id="t"></template>');
    expect(html).toContain('<div id="root"><form>sign in</form></div><template id="t"></template><script>go()</script>');
  });
});

describe('bundleDashboardFill', () => {
  it("bundles the prerendered Dashboard's script with what it imports, run with its options, without React or zod", async () => {
    const script = await bundleDashboardFill(path.resolve(import.meta.dirname, '..'), {
      overviewUrl: '/api/overview?x=1',
      mobileBreakpointPx: 760,
    });
    expect(script.startsWith('(()=>{')).toBe(true);
    expect(script.endsWith(';')).toBe(false);
    expect(script).toContain('{overviewUrl:"/api/overview?x=1",mobileBreakpointPx:760}');
    expect(script).toContain('data-stat-number');
    expect(script).not.toMatch(/useLayoutEffect|react|zod/i);
    // It is read with index.html by every visitor: a few kilobytes, not a library.
    expect(script.length).toBeLessThan(8_000);
  });
});
