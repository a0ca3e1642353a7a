import { requestStationsKey, resourceKeys } from '@/lib/query-keys';

/** The cache keys of the Settings screens' queries. */
export const settingsKeys = {
  organization: resourceKeys.organizationSettings,
  /** The same entry as the request forms' station choices. */
  stationChoices: requestStationsKey,
  /** Under the price resource's root, so that a price change on the Prices screen shows here too. */
  ownStationPrices: [...resourceKeys.fuelPrices, 'own', 'current'] as const,
};
