/**
 * A stored session's code, asked for while index.html is still being read (issue 16). For a
 * signed-in visit the app's start, the signed-in frame and, at `/`, the Dashboard are certain to be
 * needed; left to the app they are asked for in waves (the start's code asks for the frame, whose
 * router then asks for the page), each wave on a phone's slow network a round trip after the last,
 * and each of their ~60 files preloaded by the app's own main thread once it runs.
 *
 * The build (build-plugins/prerender.ts) writes each list of files as a template of
 * `<link rel="modulepreload">` (and the frame's stylesheet as a preload): inert, so a signed-out
 * visitor's sign-in page downloads none of it. The inline script below puts a template's links into
 * the document's head, which starts the downloads; the app's own preloading then finds them there.
 */
import { SESSION_STORAGE_KEY } from '@/lib/auth/session-storage';

/** The template of the start's and the signed-in frame's files, for any stored session. */
export const SIGNED_IN_MODULES_ID = 'signed-in-modules';
/** The template of the Dashboard's files, for a stored session opening `/`. */
export const DASHBOARD_MODULES_ID = 'dashboard-modules';

/** A template of preload links for the files, in the order given (the start's first). */
export function preloadTemplate(id: string, files: readonly string[]): string {
  const links = files.map((file) =>
    file.endsWith('.css')
      ? `<link rel="preload" as="style" crossorigin href="${file}">`
      : `<link rel="modulepreload" crossorigin href="${file}">`,
  );
  return `<template id="${id}">${links.join('')}</template>`;
}

/**
 * The inline script. Free of build-specific values, like the others: the files are in the
 * templates. Where local storage cannot be read the visitor is treated as signed out, as elsewhere.
 */
export function modulePreloadsScript(): string {
  const key = JSON.stringify(SESSION_STORAGE_KEY);
  const frame = JSON.stringify(SIGNED_IN_MODULES_ID);
  const dashboard = JSON.stringify(DASHBOARD_MODULES_ID);
  return (
    `(function(){var s=null;try{s=localStorage.getItem(${key})}catch(e){}if(s===null)return;` +
    `function a(i){var t=document.getElementById(i);if(t)document.head.appendChild(t.content)}` +
    `a(${frame});if(location.pathname==='/')a(${dashboard})})()`
  );
}
