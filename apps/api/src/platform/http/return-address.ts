/**
 * Where a card payment sends the payer back. The web app keeps the session in the page's own
 * origin, so a person who opened it at 127.0.0.1 or at the machine's LAN address, not at APP_URL,
 * came back signed out. Outside production the page's origin is used when it names this machine or
 * a private network (what a demo or a developer opens); anything else, and everything in
 * production, returns to APP_URL, so no request can send a payer to an address of its choosing.
 */
const PRIVATE_HOST = [
  /^localhost$/,
  /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/,
  /^\[::1\]$/,
  /^10\.\d{1,3}\.\d{1,3}\.\d{1,3}$/,
  /^192\.168\.\d{1,3}\.\d{1,3}$/,
  /^172\.(1[6-9]|2\d|3[01])\.\d{1,3}\.\d{1,3}$/,
];

export function returnAddress(origin: string | undefined, appUrl: string, options: { production: boolean }): string {
  if (options.production || !origin) return appUrl;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return appUrl;
  }
  const plain = (url.protocol === 'http:' || url.protocol === 'https:') && url.pathname === '/' && !url.username && !url.password;
  return plain && PRIVATE_HOST.some((pattern) => pattern.test(url.hostname)) ? url.origin : appUrl;
}
