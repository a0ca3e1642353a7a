import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * The roots of the server-state cache keys, one per API resource. Several features show the same
 * resource (an asset's history lists fuel requests, a redemption moves a station's wallet), so a
 * key starts with the resource it reads rather than with the feature that reads it: a write
 * invalidates the roots of what it changed, and every view of those resources, in any feature, is
 * read afresh. Each feature builds its own keys from these roots in its `query-keys.ts`, and
 * queries and invalidations use only those factories, so no feature spells another's key.
 */
export const resourceKeys = {
  account: ['account'],
  /** The header bell's alerts: read from many resources, so refreshed on a timer rather than by their writes. */
  alerts: ['alerts'],
  analytics: ['analytics'],
  apiKeys: ['api-keys'],
  auditLog: ['audit-log'],
  banks: ['banks'],
  bankVerification: ['bank-verify'],
  departments: ['departments'],
  drivers: ['drivers'],
  fuelPrices: ['fuel-prices'],
  fuelRequests: ['fuel-requests'],
  fuelStations: ['fuel-stations'],
  insurance: ['insurance'],
  maintenance: ['maintenance'],
  /** The platform's outbox of e-mails and texts. */
  messages: ['messages'],
  /** Overrides asked at the pump: polled while someone waits, so a redemption does not refresh them. */
  overrides: ['overrides'],
  organizationSettings: ['settings', 'organization'],
  organizations: ['organizations'],
  plans: ['plans'],
  reserves: ['reserves'],
  subscription: ['subscription'],
  support: ['support'],
  users: ['users'],
  vehicles: ['vehicles'],
  walletTransactions: ['wallet-transactions'],
  wallets: ['wallet'],
  webhooks: ['webhooks'],
} as const;

/** The usual keys of a listed resource: the root (to invalidate), a list page, one record. */
export function recordKeys<const Root extends readonly string[]>(root: Root) {
  return {
    all: root,
    list: <Query>(query: Query) => [...root, 'list', query] as const,
    one: (id: string | null) => [...root, 'one', id] as const,
  };
}

/** The choice lists of forms and filters: one cache entry per resource, shared by every feature that offers the choice. */
export function optionsKey<const Root extends readonly string[]>(root: Root) {
  return [...root, 'options'] as const;
}

/** The stations a fuel request may name (GET /fuel-requests/stations): the request forms and the station settings share it. */
export const requestStationsKey = [...resourceKeys.fuelRequests, 'stations'] as const;

/** Marks every query under each of these keys stale (and refetches the ones on screen). */
export function invalidateKeys(queryClient: QueryClient, keys: readonly QueryKey[]) {
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
