/**
 * The inline script that index.html runs right after the prerendered sign-in screen (build time
 * only: build-plugins/prerender.ts writes it; the app's bundle does not carry it): it takes the
 * screen away where the app will show something else.
 */
import { SESSION_STORAGE_KEY } from '@/lib/auth/session-storage';
import { PRERENDERED_SESSION_LOADER_ID, PRERENDERED_SIGN_IN_ID } from './prerendered-sign-in';

/** Paths where a signed-out visitor sees another screen than sign-in (app/router.tsx). */
export const PATHS_WITHOUT_SIGN_IN: readonly string[] = ['/reset-password'];

/**
 * The inline script. It must stay free of build-specific values: the server allows it in its
 * Content-Security-Policy by the hash of what index.html holds (platform/http/web-app.ts).
 */
export function removalScript(): string {
  const id = JSON.stringify(PRERENDERED_SIGN_IN_ID);
  const loader = JSON.stringify(PRERENDERED_SESSION_LOADER_ID);
  const key = JSON.stringify(SESSION_STORAGE_KEY);
  const paths = JSON.stringify(PATHS_WITHOUT_SIGN_IN);
  // Where local storage cannot be read the app treats the visitor as signed out: the form stays.
  // A stored session is being restored: the session loader takes the form's place (the app's first
  // render shows the same); another public screen's path shows nothing until the app has run.
  return (
    `(function(){var p=location.pathname,s=null;try{s=localStorage.getItem(${key})}catch(e){}` +
    `if(s!==null||${paths}.some(function(x){return p===x||p.indexOf(x+'/')===0})){` +
    `var e=document.getElementById(${id}),t=s!==null&&document.getElementById(${loader});` +
    `if(e&&t)e.replaceWith(t.content.cloneNode(true));else if(e)e.remove()}})()`
  );
}
