/**
 * Building a route's URL, in a module without zod: the web app's API client is on the sign-in page,
 * which must not download zod (issue 16). `route.ts` re-exports these.
 */
export const API_BASE = '/api';

/** Fills `:param` segments of a route path. */
export function buildPath(path: string, params: Record<string, string> | undefined): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(value);
  });
}
