/**
 * The part of index.html's head script that starts a stored session's first calls (build time
 * only: build-plugins/prerender.ts writes it; the app's bundle does not carry it). The app takes the
 * replies in place of its own calls (`takeEarlyReply`, lib/early-replies.ts), and so does the
 * prerendered Dashboard, with a copy of the overview's (dashboard-fill.ts).
 */
import { authRoutes } from '@fleetfuel/contract/routes/auth.routes';
import { analyticsRoutes } from '@fleetfuel/contract/routes/analytics.routes';
import { DASHBOARD_OVERVIEW_FILTERS, DASHBOARD_ROLES, overviewRequestQuery } from '@/lib/analytics-overview';
import { routeUrl } from '@/lib/api-client';
import { SESSION_STORAGE_KEY } from '@/lib/auth/session-storage';
import { EARLY_CALLS_GLOBAL } from '@/lib/early-replies';

/** The URLs as `callApi` writes them for the calls the app makes first with a stored session. */
export const EARLY_CALL_URLS = {
  /** AuthProvider: a stored session is refreshed from the server on every load (spec section 3). */
  me: routeUrl(authRoutes.me),
  /** The signed-in frame's first call for a Dashboard role (useStartupOverview). */
  overview: routeUrl(analyticsRoutes.overview, undefined, overviewRequestQuery(DASHBOARD_OVERVIEW_FILTERS)),
} as const;

/**
 * The script. Like the removal script it must stay free of build-specific values (the server allows
 * index.html's inline scripts by their hash) and it sends what `callApi` sends for a GET: the Accept
 * and Authorization headers. A reply nobody takes is dropped with the page; its failure is the
 * taker's to report, so an untaken one is silenced.
 */
export function earlyCallsScript(): string {
  const key = JSON.stringify(SESSION_STORAGE_KEY);
  const dashboardRoles = JSON.stringify(DASHBOARD_ROLES);
  const me = JSON.stringify(EARLY_CALL_URLS.me);
  const overview = JSON.stringify(EARLY_CALL_URLS.overview);
  const global = JSON.stringify(EARLY_CALLS_GLOBAL);
  return (
    `(function(){var s=null;try{s=JSON.parse(localStorage.getItem(${key})||'null')}catch(e){}` +
    `if(!s||typeof s.token!=='string'||s.token===''||!s.user||typeof fetch!=='function')return;` +
    `var h={Accept:'application/json',Authorization:'Bearer '+s.token},r={};` +
    `function c(u){r[u]=fetch(u,{method:'GET',headers:h});r[u].catch(function(){})}` +
    `c(${me});if(${dashboardRoles}.indexOf(s.user.role)>=0)c(${overview});` +
    `window[${global}]={token:s.token,replies:r}})()`
  );
}
