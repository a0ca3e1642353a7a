/**
 * The station screen's offline side: keeping the device's copies fresh while the network answers,
 * the person's queue of redemptions recorded offline, and sending it when the network returns.
 */
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { onlineManager, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes } from '@fleetfuel/contract';
import { callApi } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { idempotencyHeaders } from '@/lib/idempotency';
import { invalidateKeys } from '@/lib/query-keys';
import { dataUrlToBlob, evidenceForm } from '../odometer-photo';
import { redemptionKeys } from '../query-keys';
import { readOfflineCouponData, saveCouponKeys, saveOpenCoupons } from './offline-cache';
import {
  deviceRedemptionQueue,
  isDefiniteRefusal,
  type QueueResult,
  type QueuedRedemption,
  type RedemptionQueue,
} from './redemption-queue';

/** How often an open station screen reads the open coupons again. */
const REFRESH_MS = 5 * 60_000;
/** How often waiting redemptions are tried while the browser believes it is online (a network that drops replies). */
const RETRY_MS = 60_000;

/**
 * Whether the device has a network. The browser's flag as well as the query layer's: the query layer
 * learns of a lost network only from the `offline` event, and a page opened offline had none.
 */
export function isDeviceOnline(): boolean {
  return navigator.onLine && onlineManager.isOnline();
}

function subscribeToNetwork(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

export function useOnline(): boolean {
  return useSyncExternalStore(subscribeToNetwork, isDeviceOnline);
}

/** Fetches the signing keys and the station's open coupons whenever it can, and keeps them on the device. */
export function useOfflineCouponRefresh(stationId: string) {
  const keys = useQuery({
    queryKey: redemptionKeys.couponKeys,
    queryFn: () => callApi(routes.coupons.keys),
    refetchInterval: REFRESH_MS,
    meta: { silentError: true },
  });
  const open = useQuery({
    queryKey: redemptionKeys.openCoupons,
    queryFn: () => callApi(routes.redemptions.openCoupons),
    refetchInterval: REFRESH_MS,
    meta: { silentError: true },
  });
  useEffect(() => {
    if (keys.data) saveCouponKeys(window.localStorage, keys.data.keys);
  }, [keys.data]);
  useEffect(() => {
    if (open.data) saveOpenCoupons(window.localStorage, stationId, open.data);
  }, [open.data, stationId]);
  // What the device holds now, fetched on this visit or on an earlier one.
  return open.data ?? readOfflineCouponData(window.localStorage, stationId);
}

/** The signed-in person's queue and what waits in it. */
export function useRedemptionQueue(): { queue: RedemptionQueue | null; waiting: readonly QueuedRedemption[] } {
  const { user } = useAuth();
  const queue = user ? deviceRedemptionQueue(user.id) : null;
  const waiting = useSyncExternalStore(
    useCallback((listener: () => void) => queue?.subscribe(listener) ?? (() => undefined), [queue]),
    () => queue?.items() ?? NOTHING_WAITING,
  );
  return { queue, waiting };
}

const NOTHING_WAITING: readonly QueuedRedemption[] = [];

/**
 * Sent with when it was recorded: if the server refuses it, the fuel has already left the pump and
 * the refusal becomes a follow-up for the station representative and an alert to the organization.
 * Its odometer photo goes first. A photo the server refuses for good (already three, too large, the
 * coupon past taking any) does not hold the redemption back: its own answer says what happened, and a
 * refusal then becomes the follow-up. No network, or a server error, keeps both for the next try.
 */
export async function sendRedemption(redemption: QueuedRedemption): Promise<string> {
  if (redemption.odometerPhoto) {
    await callApi(routes.fuelRequests.evidence, {
      params: { id: redemption.requestId },
      body: evidenceForm(dataUrlToBlob(redemption.odometerPhoto)),
    }).catch((error: unknown) => {
      if (!isDefiniteRefusal(error)) throw error;
    });
  }
  return callApi(routes.fuelRequests.complete, {
    params: { id: redemption.requestId },
    body: { ...redemption.body, recordedOfflineAt: redemption.queuedAt },
    headers: idempotencyHeaders(redemption.idempotencyKey),
  }).then((reply) => reply.message);
}

/**
 * Sends the queue when the screen opens, when the network returns, and every minute while some
 * wait; returns the server's answers to what was sent, newest first, until they are dismissed.
 */
export function useQueueSender(queue: RedemptionQueue | null, hasWaiting: boolean) {
  const queryClient = useQueryClient();
  const [results, setResults] = useState<QueueResult[]>([]);

  const send = useCallback(() => {
    if (!queue) return;
    void queue.flush(sendRedemption).then((answered) => {
      if (answered.length === 0) return;
      setResults((shown) => [...answered.reverse(), ...shown]);
      void invalidateKeys(queryClient, redemptionKeys.afterRedemption);
    });
  }, [queue, queryClient]);

  useEffect(() => {
    send();
    window.addEventListener('online', send);
    return () => window.removeEventListener('online', send);
  }, [send]);

  useEffect(() => {
    if (!hasWaiting) return;
    const timer = window.setInterval(() => {
      if (isDeviceOnline()) send();
    }, RETRY_MS);
    return () => window.clearInterval(timer);
  }, [hasWaiting, send]);

  return { results, dismiss: () => setResults([]) };
}
