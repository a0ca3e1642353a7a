import { createContext } from 'react';
import type { RouteObject } from 'react-router';

/**
 * The router's own route tree (`router.routes`), handed down by `App`. The frame and the pages read
 * it (the breadcrumb's `useMayOpen`: would a link open?) instead of importing router.tsx, whose lazy
 * routes load the frame and the pages: an import back would close a circle.
 */
export const RouteTreeContext = createContext<RouteObject[] | null>(null);
