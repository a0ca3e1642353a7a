import { MESSAGES, type RouteDefinition, type RouteInput, type RouteReply } from '@fleetfuel/contract';
// Not from the index: the module that declares routes imports zod, which the sign-in page does without.
import { API_BASE, buildPath } from '@fleetfuel/contract/routes/paths';
import { clearSession, readToken } from './auth/session-storage';
import { takeEarlyReply } from './early-replies';

/** A failed call, carrying the text spec section 8 says to show and the server's machine code. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly field: string | undefined;
  /** The override a manager must approve (OVERRIDE_REQUIRED at the pump). */
  readonly overrideId: string | undefined;

  constructor(message: string, status: number, code?: string, field?: string, overrideId?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.field = field;
    this.overrideId = overrideId;
  }
}

/** Multipart routes take a FormData body in place of the JSON object their schema describes. */
type CallInput<R extends RouteDefinition> = (R['bodyType'] extends 'multipart'
  ? Omit<RouteInput<R>, 'body'> & { body: FormData }
  : RouteInput<R>) & {
  /** Extra request headers, such as the `Idempotency-Key` of a money-moving call. */
  headers?: Readonly<Record<string, string>>;
};

type InputArgs<R extends RouteDefinition> = Record<string, never> extends CallInput<R> ? [input?: CallInput<R>] : [input: CallInput<R>];

type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];

function toQueryString(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      for (const item of value as readonly (string | number | boolean)[]) search.append(key, String(item));
    } else {
      search.append(key, String(value));
    }
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

/** The URL `callApi` calls for a route: the API's base, the path with its parameters, the query. */
export function routeUrl(
  route: Pick<RouteDefinition, 'path'>,
  params?: Record<string, string>,
  query?: Record<string, QueryValue>,
): string {
  return `${API_BASE}${buildPath(route.path, params)}${toQueryString(query)}`;
}

export function errorText(body: unknown): { text: string; code?: string; field?: string; overrideId?: string } {
  if (typeof body !== 'object' || body === null) return { text: MESSAGES.apiFailed };
  const { error, message, code, field, overrideId } = body as Record<string, unknown>;
  const text =
    (typeof error === 'string' && error !== '' && error) ||
    (typeof message === 'string' && message !== '' && message) ||
    MESSAGES.apiFailed;
  return {
    text,
    ...(typeof code === 'string' ? { code } : {}),
    ...(typeof field === 'string' ? { field } : {}),
    ...(typeof overrideId === 'string' ? { overrideId } : {}),
  };
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Calls one route of the contract's route table. Replies are not re-validated here: the API
 * serializes every reply through the same schema, so the type is the contract's promise.
 */
export async function callApi<R extends RouteDefinition>(route: R, ...[input]: InputArgs<R>): Promise<RouteReply<R>> {
  const {
    params,
    query,
    body,
    headers: extraHeaders,
  } = (input ?? {}) as {
    params?: Record<string, string>;
    query?: Record<string, QueryValue>;
    body?: unknown;
    headers?: Readonly<Record<string, string>>;
  };
  const url = routeUrl(route, params, query);

  const headers = new Headers({ ...extraHeaders, Accept: 'application/json' });
  const token = readToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);

  let requestBody: BodyInit | undefined;
  if (body instanceof FormData) {
    // The browser sets the multipart boundary itself.
    requestBody = body;
  } else if (body !== undefined) {
    headers.set('Content-Type', 'application/json');
    requestBody = JSON.stringify(body);
  }

  let response: Response;
  try {
    // A call index.html already made for this session (a GET, so nothing is sent twice or skipped).
    const early = route.method === 'GET' ? takeEarlyReply(url, token) : undefined;
    response = await (early ?? fetch(url, { method: route.method, headers, ...(requestBody === undefined ? {} : { body: requestBody }) }));
  } catch {
    throw new ApiError(MESSAGES.apiFailed, 0, 'NETWORK');
  }

  const payload = await readJson(response);
  if (!response.ok) {
    const { text, code, field, overrideId } = errorText(payload);
    if (text === MESSAGES.invalidToken) {
      clearSession();
      window.location.assign('/');
    }
    throw new ApiError(text, response.status, code, field, overrideId);
  }
  return payload as RouteReply<R>;
}

export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message !== '') return error.message;
  return MESSAGES.apiFailed;
}
