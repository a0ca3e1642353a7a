/**
 * One webhook POST. In production the host is resolved here, every address it resolves to is
 * checked (`whyAddressRefused`), and the connection is pinned to the checked address through the
 * request's `lookup`, so a DNS answer that changes between the check and the connection (rebinding)
 * cannot send the call into the platform's own network. Redirects are not followed.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { whyAddressRefused } from './webhook-address.js';

export interface WebhookPost {
  url: string;
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
  /** Refuse loopback, private and link-local addresses (production). */
  publicOnly: boolean;
}

/** What became of a POST: the receiver's status code, or why no answer came (refused, unreachable, timed out). */
export type WebhookResponse = { statusCode: number; error: null } | { statusCode: null; error: string };

/** A refusal to connect, recorded as the attempt's error. */
class RefusedAddressError extends Error {}

/** Resolves like `dns.lookup`, refusing the host when any of its addresses is not public. */
const publicLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0);
    const refusal = addresses.map((a) => whyAddressRefused(a.address)).find((why) => why !== null);
    if (refusal || addresses.length === 0) {
      return callback(new RefusedAddressError(`${hostname}: ${refusal ?? 'it resolves to no address'}`), '', 0);
    }
    // The connection uses exactly the addresses checked above.
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
    const first = addresses[0] as LookupAddress;
    return callback(null, first.address, first.family);
  });
};

export function postWebhook(post: WebhookPost): Promise<WebhookResponse> {
  let url: URL;
  try {
    url = new URL(post.url);
  } catch {
    return Promise.resolve({ statusCode: null, error: 'The URL is not valid' });
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (post.publicOnly && isIP(host) !== 0) {
    // An IP literal is connected to without a lookup: check it here.
    const refusal = whyAddressRefused(host);
    if (refusal) return Promise.resolve({ statusCode: null, error: `Refused: ${refusal}` });
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: { ...post.headers, 'content-length': Buffer.byteLength(post.body).toString() },
        ...(post.publicOnly ? { lookup: publicLookup } : {}),
      },
      (response) => {
        // Only the status matters; the body is drained so the socket is freed.
        response.resume();
        response.on('end', () => resolve({ statusCode: response.statusCode ?? 0, error: null }));
        response.on('error', () => resolve({ statusCode: response.statusCode ?? 0, error: null }));
      },
    );
    request.setTimeout(post.timeoutMs, () => request.destroy(new Error(`No answer within ${post.timeoutMs / 1000} s`)));
    request.on('error', (error) =>
      resolve({
        statusCode: null,
        error: error instanceof RefusedAddressError ? `Refused: ${error.message}` : error.message.slice(0, 300) || 'The call failed',
      }),
    );
    request.end(post.body);
  });
}
