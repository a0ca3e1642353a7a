import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@fleetfuel/contract';
import { ApiError, callApi } from './api-client';
import { SESSION_STORAGE_KEY } from './auth/session-storage';

const storage = new Map<string, string>();
const assign = vi.fn<(url: string) => void>();
const fetchMock = vi.fn<typeof fetch>();

const storedUser = { id: 'u1', name: 'Ada Okafor', role: 'ADMIN' };

function reply(status: number, body: unknown): Response {
  return new Response(body === undefined ? '' : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

function lastRequest(): { url: string; init: RequestInit } {
  const call = fetchMock.mock.calls.at(-1);
  if (!call) throw new Error('fetch was not called');
  const [input, init] = call;
  if (typeof input !== 'string') throw new Error('callApi passes the URL as a string');
  return { url: input, init: init ?? {} };
}

beforeEach(() => {
  storage.clear();
  vi.stubGlobal('window', {
    localStorage: {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => storage.set(key, value),
      removeItem: (key: string) => storage.delete(key),
    },
    location: { assign },
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  assign.mockReset();
});

describe('callApi', () => {
  it('builds the path and the query string, leaving out empty values', async () => {
    fetchMock.mockResolvedValue(reply(200, { users: [], meta: { page: 2, pageSize: 20, total: 0 } }));
    await callApi(routes.users.list, { query: { page: 2, pageSize: 20, search: '', role: undefined } });
    expect(lastRequest().url).toBe('/api/admin/users?page=2&pageSize=20');
    expect(lastRequest().init.method).toBe('GET');
  });

  it('fills path parameters', async () => {
    fetchMock.mockResolvedValue(reply(200, { message: 'Deleted' }));
    await callApi(routes.users.remove, { params: { id: 'a b' } });
    expect(lastRequest().url).toBe('/api/admin/users/a%20b');
    expect(lastRequest().init.method).toBe('DELETE');
  });

  it('sends JSON with the stored bearer token', async () => {
    storage.set(SESSION_STORAGE_KEY, JSON.stringify({ token: 'tok-1', user: storedUser }));
    fetchMock.mockResolvedValue(reply(200, { message: 'ok' }));
    await callApi(routes.auth.requestPasswordReset, { body: { email: 'a@b.test' } });
    const headers = new Headers(lastRequest().init.headers);
    expect(headers.get('Authorization')).toBe('Bearer tok-1');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(lastRequest().init.body).toBe(JSON.stringify({ email: 'a@b.test' }));
  });

  it('leaves the content type of a FormData body to the browser', async () => {
    fetchMock.mockResolvedValue(reply(200, { message: 'ok' }));
    const form = new FormData();
    form.append('email', 'a@b.test');
    const multipartRoute = { ...routes.auth.requestPasswordReset, bodyType: 'multipart' as const };
    await callApi(multipartRoute, { body: form });
    expect(new Headers(lastRequest().init.headers).has('Content-Type')).toBe(false);
    expect(lastRequest().init.body).toBe(form);
  });

  it('adds the headers a call asks for, such as an Idempotency-Key', async () => {
    storage.set(SESSION_STORAGE_KEY, JSON.stringify({ token: 'tok-2', user: storedUser }));
    fetchMock.mockResolvedValue(reply(200, { checkoutUrl: 'https://pay.test/x', reference: 'FF-1' }));
    await callApi(routes.wallet.fund, { body: { amount: 5000 }, headers: { 'Idempotency-Key': 'key-1' } });
    const headers = new Headers(lastRequest().init.headers);
    expect(headers.get('Idempotency-Key')).toBe('key-1');
    expect(headers.get('Authorization')).toBe('Bearer tok-2');
    expect(headers.get('Content-Type')).toBe('application/json');
  });

  it('takes the error text from error, then message, then the generic text', async () => {
    fetchMock.mockResolvedValueOnce(reply(409, { error: 'Disable it instead', message: 'detail', code: 'HAS_HISTORY' }));
    await expect(callApi(routes.users.remove, { params: { id: 'x' } })).rejects.toMatchObject({
      message: 'Disable it instead',
      status: 409,
      code: 'HAS_HISTORY',
    });

    fetchMock.mockResolvedValueOnce(reply(400, { message: 'Only a message', code: 'BAD_REQUEST', field: 'email' }));
    await expect(callApi(routes.users.remove, { params: { id: 'x' } })).rejects.toMatchObject({
      message: 'Only a message',
      field: 'email',
    });

    fetchMock.mockResolvedValueOnce(new Response('<html>Bad gateway</html>', { status: 502 }));
    const failure = await callApi(routes.users.remove, { params: { id: 'x' } }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).message).toBe('API request failed');
  });

  it("on 'Invalid token' forgets the session and sends the browser to the root", async () => {
    storage.set(SESSION_STORAGE_KEY, JSON.stringify({ token: 'dead', user: storedUser }));
    fetchMock.mockResolvedValue(reply(401, { error: 'Invalid token', message: 'Invalid token', code: 'INVALID_TOKEN' }));
    await expect(callApi(routes.auth.me)).rejects.toBeInstanceOf(ApiError);
    expect(storage.has(SESSION_STORAGE_KEY)).toBe(false);
    expect(assign).toHaveBeenCalledWith('/');
  });

  it('keeps the session on other refusals', async () => {
    storage.set(SESSION_STORAGE_KEY, JSON.stringify({ token: 'tok', user: storedUser }));
    fetchMock.mockResolvedValue(reply(403, { error: 'Not allowed', message: 'Not allowed', code: 'FORBIDDEN' }));
    await expect(callApi(routes.auth.me)).rejects.toThrow('Not allowed');
    expect(storage.has(SESSION_STORAGE_KEY)).toBe(true);
    expect(assign).not.toHaveBeenCalled();
  });

  it('reports a dropped connection with the generic text', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(callApi(routes.auth.me)).rejects.toMatchObject({ message: 'API request failed', status: 0 });
  });
});
