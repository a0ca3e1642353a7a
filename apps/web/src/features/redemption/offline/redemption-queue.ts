/**
 * Redemptions recorded with no network, kept on the device until the server has answered them.
 * Each gets its idempotency key when it is queued and keeps it for every attempt: a reply lost on
 * the way back is sent again and the server applies it once. The queue is sent in order; a
 * definite answer (redeemed, or refused: already redeemed, expired…) removes the redemption, and
 * anything else (no network, a server error, a session to sign in again) keeps it for later.
 */
import type { fuelCompleteBodySchema } from '@fleetfuel/contract';
import type { z } from 'zod';
import { ApiError, errorMessage } from '@/lib/api-client';
import { newIdempotencyKey } from '@/lib/idempotency';
import type { KeyValueStorage } from './offline-cache';

export interface QueuedRedemption {
  idempotencyKey: string;
  requestId: string;
  body: z.output<typeof fuelCompleteBodySchema>;
  /** What the attendant saw, to show the redemption while it waits and once it is answered. */
  code: string;
  plate: string | null;
  fuelType: string;
  unit: string;
  queuedAt: string;
  /** The odometer photo the organization requires, as a data URL: sent before the redemption. */
  odometerPhoto?: string;
}

export type QueuedDraft = Omit<QueuedRedemption, 'idempotencyKey' | 'queuedAt'>;

export interface QueueResult {
  redemption: QueuedRedemption;
  redeemed: boolean;
  /** The server's reply: what was redeemed, or why it was refused. */
  message: string;
}

/** Sends one redemption; resolves with the server's message, throws the client's `ApiError` otherwise. */
export type SendRedemption = (redemption: QueuedRedemption) => Promise<string>;

/**
 * Whether a refusal is the server's last word on this redemption. A signed-out session (401), a
 * timeout or rate limit, a server error and no network at all may answer otherwise later.
 */
export function isDefiniteRefusal(error: unknown): error is ApiError {
  return (
    error instanceof ApiError &&
    error.status >= 400 &&
    error.status < 500 &&
    ![401, 408, 429].includes(error.status) &&
    // The same redemption still being answered (a resend while the first was in flight).
    error.code !== 'IN_PROGRESS'
  );
}

export function createRedemptionQueue(storage: KeyValueStorage, entry: string, now: () => Date = () => new Date()) {
  const listeners = new Set<() => void>();
  let items = read();
  let flushing: Promise<QueueResult[]> | null = null;

  function read(): QueuedRedemption[] {
    try {
      const parsed: unknown = JSON.parse(storage.getItem(entry) ?? '[]');
      return Array.isArray(parsed) ? (parsed as QueuedRedemption[]) : [];
    } catch {
      return [];
    }
  }

  function write(next: QueuedRedemption[]): void {
    // Written before it is shown: "saved on this device" must be true when the screen says it.
    if (next.length === 0) storage.removeItem(entry);
    else storage.setItem(entry, JSON.stringify(next));
    items = next;
    for (const listener of listeners) listener();
  }

  async function sendAll(send: SendRedemption): Promise<QueueResult[]> {
    const results: QueueResult[] = [];
    for (const redemption of items) {
      let result: QueueResult;
      try {
        result = { redemption, redeemed: true, message: await send(redemption) };
      } catch (error) {
        // In order: what follows waits with it until the network or the server is back.
        if (!isDefiniteRefusal(error)) break;
        result = { redemption, redeemed: false, message: errorMessage(error) };
      }
      write(items.filter((item) => item.idempotencyKey !== redemption.idempotencyKey));
      results.push(result);
    }
    return results;
  }

  return {
    items: (): readonly QueuedRedemption[] => items,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Stores the redemption with a fresh idempotency key; throws when the device cannot keep it. */
    add(draft: QueuedDraft): QueuedRedemption {
      const redemption: QueuedRedemption = { ...draft, idempotencyKey: newIdempotencyKey(), queuedAt: now().toISOString() };
      write([...items, redemption]);
      return redemption;
    },
    /** Sends the waiting redemptions in order; a second call while one runs waits for that one. */
    flush(send: SendRedemption): Promise<QueueResult[]> {
      flushing ??= sendAll(send).finally(() => {
        flushing = null;
      });
      return flushing;
    },
  };
}

export type RedemptionQueue = ReturnType<typeof createRedemptionQueue>;

const deviceQueues = new Map<string, RedemptionQueue>();

/** The queue of one signed-in person on this device: what they recorded is sent as them. */
export function deviceRedemptionQueue(userId: string): RedemptionQueue {
  let queue = deviceQueues.get(userId);
  if (!queue) {
    queue = createRedemptionQueue(window.localStorage, `fleetfuel.offline.redemptions.${userId}`);
    deviceQueues.set(userId, queue);
  }
  return queue;
}
