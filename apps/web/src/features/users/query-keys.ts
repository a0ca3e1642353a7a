import { optionsKey, recordKeys, resourceKeys } from '@/lib/query-keys';

/** The cache keys of the Users screen's queries. */
export const userKeys = {
  ...recordKeys(resourceKeys.users),
  stationOptions: optionsKey(resourceKeys.fuelStations),
};
