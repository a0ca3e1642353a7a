/**
 * The inline scripts that take the prerendered sign-in screen away where the app will show something
 * else (build time only: build-plugins/prerender.ts writes them; the app's bundle does not carry them).
 *
 * The decision is made in the head, before the form's markup is parsed, and marked on <html>; the
 * head's style then keeps a form that will be replaced from being laid out or painted at all. Left to
 * the script after the markup, a stored session's visit laid the form out and painted it whenever
 * the parser paused between the two (a phone's longest task of the page's start, issue 16). The
 * script after the markup then puts the session loader in the form's place, or removes the form.
 */
import { SESSION_STORAGE_KEY } from '@/lib/auth/session-storage';
import { FIRST_SCREEN_ATTRIBUTE, PRERENDERED_SESSION_LOADER_ID, PRERENDERED_SIGN_IN_ID } from './prerendered-sign-in';

/** Paths where a signed-out visitor sees another screen than sign-in (app/router.tsx). */
const PATHS_WITHOUT_SIGN_IN: readonly string[] = ['/reset-password'];

/** The head's rule: a form that will be replaced is not displayed. */
export function firstScreenStyle(): string {
  return `html[${FIRST_SCREEN_ATTRIBUTE}] #${PRERENDERED_SIGN_IN_ID}{display:none}`;
}

/**
 * The head's script. Like every inline script it must stay free of build-specific values: the
 * server allows it in its Content-Security-Policy by the hash of what index.html holds
 * (platform/http/web-app.ts). Where local storage cannot be read the app treats the visitor as
 * signed out: the form stays.
 */
export function firstScreenScript(): string {
  const key = JSON.stringify(SESSION_STORAGE_KEY);
  const paths = JSON.stringify(PATHS_WITHOUT_SIGN_IN);
  const attribute = JSON.stringify(FIRST_SCREEN_ATTRIBUTE);
  return (
    `(function(){var p=location.pathname,s=null;try{s=localStorage.getItem(${key})}catch(e){}` +
    `var m=s!==null?'session':${paths}.some(function(x){return p===x||p.indexOf(x+'/')===0})?'public':'';` +
    `if(m)document.documentElement.setAttribute(${attribute},m)})()`
  );
}

/** The script right after the form's markup: acts on the head's decision. */
export function removalScript(): string {
  const id = JSON.stringify(PRERENDERED_SIGN_IN_ID);
  const loader = JSON.stringify(PRERENDERED_SESSION_LOADER_ID);
  const attribute = JSON.stringify(FIRST_SCREEN_ATTRIBUTE);
  return (
    `(function(){var m=document.documentElement.getAttribute(${attribute});if(!m)return;` +
    `var e=document.getElementById(${id}),t=m==='session'&&document.getElementById(${loader});` +
    `if(e&&t)e.replaceWith(t.content.cloneNode(true));else if(e)e.remove()})()`
  );
}
