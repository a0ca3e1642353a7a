import { recordKeys, resourceKeys } from '@/lib/query-keys';

/** The cache keys of the fleet registry's queries, and the roots its writes invalidate. */
export const fleetKeys = {
  vehicles: recordKeys(resourceKeys.vehicles),
  drivers: recordKeys(resourceKeys.drivers),
  departments: recordKeys(resourceKeys.departments),
  insurance: {
    all: resourceKeys.insurance,
    ofVehicle: (vehicleId: string | null) => [...resourceKeys.insurance, vehicleId] as const,
  },
  /**
   * An asset's history lives under the request resources' roots, so that approving or redeeming a
   * request refreshes it too. The vehicle id stays third: the pages' placeholder data checks it.
   */
  vehicleFuelLogs: (vehicleId: string, page: number) => [...resourceKeys.fuelRequests, 'vehicle', vehicleId, page] as const,
  vehicleMaintenanceLogs: (vehicleId: string, page: number) => [...resourceKeys.maintenance, 'vehicle', vehicleId, page] as const,
  /**
   * Every screen of the registry shows counts or names that belong to the others (a group's
   * vehicles, a driver's vehicle), and Clients count vehicles and drivers: a write refreshes them all.
   */
  afterWrite: [resourceKeys.vehicles, resourceKeys.drivers, resourceKeys.departments, resourceKeys.organizations],
};

/** Index of the vehicle id in the history keys above. */
export const HISTORY_KEY_VEHICLE_INDEX = 2;
