/**
 * What a station's device keeps to check coupons with no network: the public keys that sign QR
 * payloads (the JWKS) and the station's open coupons. Both live in local storage, which outlives a
 * reload and a closed tab, and are refreshed whenever the network answers.
 */
import type { OpenCoupon, RouteReply, routes } from '@fleetfuel/contract';

export type CouponPublicKey = RouteReply<typeof routes.coupons.keys>['keys'][number];

export interface OfflineCouponData {
  keys: CouponPublicKey[];
  coupons: OpenCoupon[];
  /** When the server read the open coupons. */
  generatedAt: string;
}

/** The subset of the Web Storage API the device's copies are kept in (tests give their own). */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const KEYS_ENTRY = 'fleetfuel.offline.coupon-keys';
/** Per station: a device shared by two stations' people keeps each station's list apart. */
const couponsEntry = (stationId: string) => `fleetfuel.offline.open-coupons.${stationId}`;

function readJson<T>(storage: KeyValueStorage, entry: string): T | null {
  try {
    const raw = storage.getItem(entry);
    return raw === null ? null : (JSON.parse(raw) as T);
  } catch {
    // Storage refused (private mode) or held something unreadable: as good as nothing kept.
    return null;
  }
}

function writeJson(storage: KeyValueStorage, entry: string, value: unknown): void {
  try {
    storage.setItem(entry, JSON.stringify(value));
  } catch {
    // A full or refused storage leaves the previous copy: the device is then checked against it.
  }
}

export function saveCouponKeys(storage: KeyValueStorage, keys: CouponPublicKey[]): void {
  writeJson(storage, KEYS_ENTRY, keys);
}

export function saveOpenCoupons(storage: KeyValueStorage, stationId: string, reply: { coupons: OpenCoupon[]; generatedAt: string }): void {
  writeJson(storage, couponsEntry(stationId), reply);
}

/** The device's copies for a station, or null when it has never been online to fetch them. */
export function readOfflineCouponData(storage: KeyValueStorage, stationId: string): OfflineCouponData | null {
  const keys = readJson<CouponPublicKey[]>(storage, KEYS_ENTRY);
  const list = readJson<{ coupons: OpenCoupon[]; generatedAt: string }>(storage, couponsEntry(stationId));
  if (!Array.isArray(keys) || !list || !Array.isArray(list.coupons)) return null;
  return { keys, coupons: list.coupons, generatedAt: list.generatedAt };
}
