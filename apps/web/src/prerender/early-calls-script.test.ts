// @vitest-environment happy-dom
/**
 * index.html's early calls (issue 16): for a stored session the page itself asks for the session's
 * refresh and, for a Dashboard role, the analytics overview, while the app's code downloads; the
 * app's `callApi` takes those replies instead of calling again, once, and only for the same token.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '@fleetfuel/contract';
import { analyticsRoutes } from '@fleetfuel/contract/routes/analytics.routes';
import { authRoutes } from '@fleetfuel/contract/routes/auth.routes';
import { DASHBOARD_OVERVIEW_FILTERS, overviewRequestQuery } from '@/lib/analytics-overview';
import { callApi } from '@/lib/api-client';
import { SESSION_STORAGE_KEY } from '@/lib/auth/session-storage';
import { EARLY_CALLS_GLOBAL } from '@/lib/early-replies';
import { runInlineScript } from '@/test/inline-script';
import { EARLY_CALL_URLS, earlyCallsScript } from './early-calls-script';

interface SentCall {
  url: string;
  method: string;
  headers: Record<string, string>;
}

/** A fetch that records each call (headers by lower-case name) and answers `{ "n": <call number> }`. */
function recordingFetch() {
  const sent: SentCall[] = [];
  const fetchMock = vi.fn((url: string, init?: RequestInit) => {
    sent.push({
      url,
      method: init?.method ?? 'GET',
      headers: Object.fromEntries([...new Headers(init?.headers).entries()].map(([name, value]) => [name.toLowerCase(), value])),
    });
    return Promise.resolve(new Response(JSON.stringify({ n: sent.length }), { status: 200 }));
  });
  vi.stubGlobal('fetch', fetchMock);
  return { sent, fetchMock };
}

function storeSession(token: string, role: Role) {
  window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ token, user: { id: 'u1', role, name: 'Tunde' } }));
}

const overviewQuery = overviewRequestQuery(DASHBOARD_OVERVIEW_FILTERS);

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
  delete (window as unknown as Record<string, unknown>)[EARLY_CALLS_GLOBAL];
});

describe('the early calls of index.html', () => {
  it('makes no call without a stored session', () => {
    const { fetchMock } = recordingFetch();
    runInlineScript(earlyCallsScript());
    window.localStorage.setItem(SESSION_STORAGE_KEY, 'not json');
    runInlineScript(earlyCallsScript());
    expect(fetchMock).not.toHaveBeenCalled();
    expect((window as unknown as Record<string, unknown>)[EARLY_CALLS_GLOBAL]).toBeUndefined();
  });

  it("sends exactly the calls callApi would send: the session's refresh, and the overview for a Dashboard role", async () => {
    // What the app itself sends for the two calls, with nothing asked early.
    storeSession('token-a', 'ADMINISTRATOR');
    const own = recordingFetch();
    await callApi(authRoutes.me);
    await callApi(analyticsRoutes.overview, { query: overviewQuery });
    expect(own.sent.map((call) => call.url)).toEqual([EARLY_CALL_URLS.me, EARLY_CALL_URLS.overview]);

    const early = recordingFetch();
    runInlineScript(earlyCallsScript());
    expect(early.sent).toEqual(own.sent);

    for (const role of ['ASST_ADMINISTRATOR', 'DRIVER'] as const) {
      storeSession('token-a', role);
      const calls = recordingFetch();
      runInlineScript(earlyCallsScript());
      expect(calls.sent.map((call) => call.url)).toEqual([EARLY_CALL_URLS.me, EARLY_CALL_URLS.overview]);
    }
    // The platform admin and the station roles land elsewhere: only the session's refresh.
    for (const role of ['ADMIN', 'STATION_REP', 'ATTENDANT'] as const) {
      storeSession('token-a', role);
      const calls = recordingFetch();
      runInlineScript(earlyCallsScript());
      expect(calls.sent.map((call) => call.url)).toEqual([EARLY_CALL_URLS.me]);
    }
  });

  it('hands each reply to the first call of the same URL with the same token, once', async () => {
    storeSession('token-a', 'ADMINISTRATOR');
    const { sent } = recordingFetch();
    runInlineScript(earlyCallsScript());
    expect(sent).toHaveLength(2);

    // The overview's reply was the second call the page made; callApi sends nothing for it.
    await expect(callApi(analyticsRoutes.overview, { query: overviewQuery })).resolves.toEqual({ n: 2 });
    await expect(callApi(authRoutes.me)).resolves.toEqual({ n: 1 });
    expect(sent).toHaveLength(2);

    // Taken once: the next call is the app's own.
    await expect(callApi(authRoutes.me)).resolves.toEqual({ n: 3 });
    expect(sent).toHaveLength(3);
  });

  it('is not taken for another token: a session that changed since the page asked sends its own call', async () => {
    storeSession('token-a', 'ADMINISTRATOR');
    const { sent } = recordingFetch();
    runInlineScript(earlyCallsScript());
    storeSession('token-b', 'ADMINISTRATOR');
    await expect(callApi(authRoutes.me)).resolves.toEqual({ n: 3 });
    expect(sent[2]?.headers.authorization).toBe('Bearer token-b');
  });

  it('passes a failed early call on as the call that failed', async () => {
    storeSession('token-a', 'ADMINISTRATOR');
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    runInlineScript(earlyCallsScript());
    await expect(callApi(authRoutes.me)).rejects.toMatchObject({ status: 0, code: 'NETWORK' });
  });
});
