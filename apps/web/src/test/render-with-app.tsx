/**
 * Renders a component as the app holds it — Mantine, TanStack Query, a signed-in session and the
 * toasts — over a fake API that answers each call from the test's own list of contract routes.
 */
import type { ReactElement } from 'react';
import { render, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import type { UserEvent } from '@testing-library/user-event';
import { expect, onTestFinished, vi } from 'vitest';
import { API_BASE, routes, type Role, type RouteDefinition, type SessionUser } from '@fleetfuel/contract';
import { AppProviders } from '@/app/AppProviders';
import { QueryLayer } from '@/lib/query-layer';
import { SESSION_STORAGE_KEY } from '@/lib/auth/session-storage';

/** How the fake API answers one route: with a reply, or a promise of one (never settling keeps the call pending). */
export type FakeHandler = (request: { body: unknown }) => unknown;

/** One answered route of the contract, e.g. `answer(routes.departments.list, () => emptyPage())`. */
export interface FakeRoute {
  route: RouteDefinition;
  handler: FakeHandler;
}

export function answer(route: RouteDefinition, handler: FakeHandler): FakeRoute {
  return { route, handler };
}

/** A refusal in the spec's error shape, which a handler returns to answer with that status instead of 200. */
export class FakeRefusal {
  constructor(
    readonly status: number,
    readonly body: { error: string; message: string; code: string; field?: string },
  ) {}
}

/** A reply the test sends when it chooses, so that the pending state can be looked at first. */
export function heldReply() {
  let send: (body: unknown) => void = () => undefined;
  return {
    handler: () => new Promise<unknown>((resolve) => (send = resolve)),
    respond: (body: unknown) => send(body),
  };
}

/**
 * Submits a valid form whose call is held (`heldReply`): the submit button is disabled while the
 * call is pending, so a second press cannot send it twice; then the call is answered with `reply`.
 */
export async function submitWhileHeld(
  user: UserEvent,
  submit: HTMLElement,
  call: { api: FakeApi; route: RouteDefinition; held: ReturnType<typeof heldReply>; reply: unknown },
) {
  expect(submit).toHaveProperty('disabled', false);
  await user.click(submit);
  await waitFor(() => expect(call.api.calls).toContain(`${call.route.method} ${call.route.path}`));
  expect(submit).toHaveProperty('disabled', true);
  call.held.respond(call.reply);
}

/** The error a field shows (Mantine ties it to the input as `<id>-error`), or null when it shows none. */
export function fieldError(field: HTMLElement): string | null {
  return document.getElementById(`${field.id}-error`)?.textContent ?? null;
}

/**
 * Presses the submit of a form that is not filled in correctly (issue 46): the button is enabled,
 * nothing is sent, each field in `errors` shows its message, and the focus moves to the first of them.
 */
export async function pressIncompleteSubmit(
  user: UserEvent,
  submit: HTMLElement,
  api: FakeApi,
  errors: ReadonlyArray<readonly [field: HTMLElement, message: string]>,
) {
  const before = api.calls.length;
  expect(submit).toHaveProperty('disabled', false);
  await user.click(submit);
  for (const [field, message] of errors) {
    await waitFor(() => expect(fieldError(field)).toBe(message));
    expect(field.getAttribute('aria-invalid')).toBe('true');
  }
  expect(document.activeElement).toBe(errors[0]?.[0]);
  // Lists may still be loading; what matters is that nothing was written.
  expect(api.calls.slice(before).filter((call) => !call.startsWith('GET '))).toEqual([]);
}

export interface FakeApi {
  /** Every call made, in order, as "METHOD /path" (the contract's path, with its `:params`). */
  calls: string[];
}

/** A page of a list with nothing in it, as every list route answers. */
export function emptyPage(key = 'data') {
  return { [key]: [], meta: { page: 1, pageSize: 100, total: 0 } };
}

export const TEST_ORGANIZATION_ID = '00000000-0000-4000-8000-0000000000aa';

export function sessionUser(role: Role): SessionUser {
  const organization = role === 'ADMIN' ? null : { id: TEST_ORGANIZATION_ID, name: 'Acme Logistics', imageUrl: null };
  return {
    id: '00000000-0000-4000-8000-000000000001',
    name: 'Ada Okafor',
    firstName: 'Ada',
    title: null,
    email: 'ada@acme.test',
    phone: null,
    role,
    organizationId: organization?.id ?? null,
    fuelStationId: null,
    imageUrl: null,
    status: 'ACTIVE',
    language: 'en',
    organization,
    fuelStation: null,
    vehicle: null,
    createdAt: '2026-01-05T09:00:00.000Z',
  };
}

const matches = (route: RouteDefinition, method: string, path: string) =>
  route.method === method && new RegExp(`^${route.path.replace(/:[^/]+/g, '[^/]+')}$`).test(path);

function fakeFetch(answers: readonly FakeRoute[], user: SessionUser, api: FakeApi, unexpected: string[]) {
  const all = [answer(routes.auth.me, () => user), ...answers];
  return vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const method = init?.method ?? 'GET';
    const path = new URL(input instanceof Request ? input.url : input, 'http://localhost').pathname.slice(API_BASE.length);
    const found = all.find((candidate) => matches(candidate.route, method, path));
    if (!found) {
      unexpected.push(`${method} ${path}`);
      return new Response(JSON.stringify({ error: 'Not answered by the test' }), { status: 501 });
    }
    api.calls.push(`${method} ${found.route.path}`);
    const rawBody = init?.body;
    const body: unknown = typeof rawBody === 'string' ? JSON.parse(rawBody) : rawBody;
    const reply = await found.handler({ body });
    if (reply instanceof FakeRefusal) {
      return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'Content-Type': 'application/json' } });
    }
    return new Response(JSON.stringify(reply), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
}

/** Where the rendered page is: lists keep their page, search, sort and filters in the address. */
interface RenderedAddress {
  search: string;
}

function AddressProbe({ into }: { into: RenderedAddress }) {
  into.search = useLocation().search;
  return null;
}

export function renderWithApp(
  ui: ReactElement,
  {
    role = 'ADMINISTRATOR',
    api: answers = [],
    at = '/',
  }: { role?: Role; api?: readonly FakeRoute[]; /** The address the page opens at, e.g. `/assets?page=2`. */ at?: string } = {},
) {
  const user = sessionUser(role);
  const api: FakeApi = { calls: [] };
  const unexpected: string[] = [];
  // A call the test did not answer fails the test, so none passes on a request it did not expect.
  onTestFinished(() => expect(unexpected, 'calls the test did not answer').toEqual([]));
  window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ token: 'test-token', user }));
  vi.stubGlobal('fetch', fakeFetch(answers, user, api, unexpected));
  const address: RenderedAddress = { search: '' };
  return {
    ...render(
      <MemoryRouter initialEntries={[at]}>
        <AppProviders>
          <QueryLayer>{ui}</QueryLayer>
        </AppProviders>
        <AddressProbe into={address} />
      </MemoryRouter>,
    ),
    api,
    /** The rendered page's address as it is now. */
    address,
  };
}
