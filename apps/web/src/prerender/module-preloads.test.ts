// @vitest-environment happy-dom
/**
 * index.html's module preloads (issue 16): a stored session's code is asked for while the page is
 * read, the Dashboard's only at `/`, and a signed-out visitor asks for none of it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { SESSION_STORAGE_KEY } from '@/lib/auth/session-storage';
import { runInlineScript } from '@/test/inline-script';
import { DASHBOARD_MODULES_ID, SIGNED_IN_MODULES_ID, modulePreloadsScript, preloadTemplate } from './module-preloads';

function loadPage(path: string) {
  window.history.replaceState(null, '', path);
  document.head.innerHTML = '';
  document.body.innerHTML =
    preloadTemplate(SIGNED_IN_MODULES_ID, ['/assets/start-1.js', '/assets/SignedInFrame-2.js', '/assets/SignedInFrame-3.css']) +
    preloadTemplate(DASHBOARD_MODULES_ID, ['/assets/dashboard-4.js']);
  runInlineScript(modulePreloadsScript());
}

/** What the head now asks for, as `rel href`. */
const preloaded = () =>
  [...document.head.querySelectorAll('link')].map(
    (link) => `${link.rel}${link.getAttribute('as') ? `:${link.getAttribute('as')}` : ''} ${link.getAttribute('href')}`,
  );

afterEach(() => {
  window.localStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('module preloads', () => {
  it('asks for the start, the frame and, at /, the Dashboard of a stored session, in that order', () => {
    window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ token: 't', user: { id: 'u1' } }));
    loadPage('/');
    expect(preloaded()).toEqual([
      'modulepreload /assets/start-1.js',
      'modulepreload /assets/SignedInFrame-2.js',
      'preload:style /assets/SignedInFrame-3.css',
      'modulepreload /assets/dashboard-4.js',
    ]);
    // Crossorigin like the app's own module requests, or the browser would fetch each file twice.
    expect([...document.head.querySelectorAll('link')].every((link) => link.getAttribute('crossorigin') === '')).toBe(true);
  });

  it('leaves the Dashboard out on another page', () => {
    window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ token: 't', user: { id: 'u1' } }));
    loadPage('/fuel/all-requests');
    expect(preloaded()).toEqual([
      'modulepreload /assets/start-1.js',
      'modulepreload /assets/SignedInFrame-2.js',
      'preload:style /assets/SignedInFrame-3.css',
    ]);
  });

  it('asks for nothing without a stored session: the sign-in page needs none of it', () => {
    loadPage('/');
    expect(preloaded()).toEqual([]);
  });
});
