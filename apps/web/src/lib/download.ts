/**
 * File downloads (coupons, work orders, reports): the bytes are fetched with the bearer token, as
 * every call is, and saved under the name the server gives in its Content-Disposition header. A
 * failed download throws an ApiError with the server's text, so the caller can tell the user.
 */
import { API_BASE, MESSAGES, buildPath, type RouteDefinition } from '@fleetfuel/contract';
import { ApiError, errorText } from './api-client';
import { clearSession, readToken } from './auth/session-storage';

export interface DownloadedFile {
  blob: Blob;
  filename: string;
}

/** The file name of a Content-Disposition header (RFC 6266: `filename*` wins over `filename`). */
export function filenameFromDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      return sanitizeFilename(decodeURIComponent(extended[1].trim()), fallback);
    } catch {
      // A malformed escape falls through to the plain parameter.
    }
  }
  const quoted = /filename\s*=\s*"([^"]*)"/.exec(header);
  if (quoted?.[1] !== undefined) return sanitizeFilename(quoted[1], fallback);
  const bare = /filename\s*=\s*([^;]+)/.exec(header);
  if (bare?.[1] !== undefined) return sanitizeFilename(bare[1].trim(), fallback);
  return fallback;
}

/** A name safe to save: no folders, no control characters. */
function sanitizeFilename(name: string, fallback: string): string {
  const base = name.split(/[/\\]/).pop() ?? '';
  const clean = Array.from(base)
    .filter((char) => char.charCodeAt(0) >= 0x20 && char.charCodeAt(0) !== 0x7f)
    .join('')
    .trim();
  return clean === '' || clean === '.' || clean === '..' ? fallback : clean;
}

/** The query string of a file route: blank values are left out, as the API client does. */
export function fileQueryString(query: Readonly<Record<string, string | number | null | undefined>> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    search.append(key, String(value));
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

/**
 * Follows a download as it arrives (a streamed report shows its progress): called with the reply's
 * headers, it returns what to do with each chunk of the body.
 */
export type DownloadWatcher = (headers: Headers) => (chunk: Uint8Array) => void;

/** Fetches a file route of the contract (`replyType: 'file'`); reports take a query as well. */
export async function fetchFile(
  route: RouteDefinition,
  params: Record<string, string>,
  fallbackName: string,
  query?: Readonly<Record<string, string | number | null | undefined>>,
  watch?: DownloadWatcher,
): Promise<DownloadedFile> {
  const headers = new Headers({ Accept: 'application/pdf, application/octet-stream, */*' });
  const token = readToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${buildPath(route.path, params)}${fileQueryString(query)}`, { method: route.method, headers });
  } catch {
    throw new ApiError(MESSAGES.apiFailed, 0, 'NETWORK');
  }
  if (!response.ok) {
    let payload: unknown;
    try {
      payload = await response.json();
    } catch {
      payload = undefined;
    }
    const { text, code, field } = errorText(payload);
    if (text === MESSAGES.invalidToken) {
      clearSession();
      window.location.assign('/');
    }
    throw new ApiError(text, response.status, code, field);
  }
  const blob = watch && response.body ? await readWatched(response, response.body, watch) : await response.blob();
  return { blob, filename: filenameFromDisposition(response.headers.get('Content-Disposition'), fallbackName) };
}

/** Reads a body chunk by chunk, showing each to the watcher, into a blob of the reply's type. */
async function readWatched(response: Response, body: ReadableStream<Uint8Array<ArrayBuffer>>, watch: DownloadWatcher): Promise<Blob> {
  const onChunk = watch(response.headers);
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  const reader = body.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    chunks.push(read.value);
    onChunk(read.value);
  }
  return new Blob(chunks, { type: response.headers.get('Content-Type') ?? '' });
}

/** Saves a JSON reply (a personal data export) as a file under `filename`. */
export function saveJson(data: unknown, filename: string): void {
  saveFile({ blob: new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }), filename });
}

/** Hands a blob to the browser as a download under `filename`. */
export function saveFile({ blob, filename }: DownloadedFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after the click returns: give them time before letting it go.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
