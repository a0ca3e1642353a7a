/**
 * Lets shared links warm a route's lazy code without the UI kit knowing the route table: the app
 * registers how to load a path's module, links ask for it on hover.
 */
type Prefetcher = (path: string) => void;

let prefetcher: Prefetcher | null = null;

export function registerRoutePrefetcher(next: Prefetcher): void {
  prefetcher = next;
}

export function prefetchRoute(path: string): void {
  prefetcher?.(path);
}

export const PREFETCH_HOVER_DELAY_MS = 100;
