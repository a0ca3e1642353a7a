/**
 * Replies that index.html's inline script asked for while the app's code was still downloading
 * (src/prerender/early-calls-script.ts): for a stored session, the session's refresh (`/auth/me`)
 * and, where the person's home is the Dashboard, the analytics overview that the app loads first
 * (spec section 2). On a phone on a slow network the app's code takes seconds to arrive; started by
 * the page itself, the two calls are answered by then instead of starting only once the code has run.
 *
 * `callApi` takes such a reply in place of its own fetch: the same URL, the same headers, the same
 * token, so what it reads is what its own call would have read. Each reply is taken once.
 */

/** The property of `window` where the inline script leaves its calls. */
export const EARLY_CALLS_GLOBAL = '__fleetfuelEarlyCalls';

/** What the inline script leaves: the token it called with and each call's reply by URL. */
export interface EarlyCalls {
  token: string;
  replies: Record<string, Promise<Response> | undefined>;
}

/** The reply the page already asked for at this URL with this token, once; undefined otherwise. */
export function takeEarlyReply(url: string, token: string | null): Promise<Response> | undefined {
  // globalThis: the page's window, where the script left them; nothing where there is no page.
  const early = (globalThis as unknown as Record<string, EarlyCalls | undefined>)[EARLY_CALLS_GLOBAL];
  if (!early || token === null || early.token !== token) return undefined;
  const reply = early.replies[url];
  delete early.replies[url];
  return reply;
}
