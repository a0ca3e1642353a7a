/** The Dashboard's four stat cards (spec sections 2 and 3), read from the analytics overview. */
import type { AnalyticsOverview, SessionUser } from '@fleetfuel/contract';

export type DashboardStatKey = 'vehicles' | 'drivers' | 'fuelConsumption' | 'maintenanceDue';

export interface DashboardStat {
  key: DashboardStatKey;
  title: string;
  number: number;
  unit: string;
  /** The server's one line under the card. */
  note: string;
}

function countUnit(count: number, singular: string, plural: string): string {
  return count === 1 ? singular : plural;
}

/** What the cards read of the overview. */
export interface DashboardFigures {
  counts: Pick<AnalyticsOverview['counts'], 'vehicles' | 'drivers' | 'maintenanceDue'>;
  notes: AnalyticsOverview['notes'];
  fuelSummary: Pick<AnalyticsOverview['fuelSummary'], 'totalCompleted'>;
}

export function dashboardStats(overview: DashboardFigures): DashboardStat[] {
  const { counts, notes, fuelSummary } = overview;
  return [
    {
      key: 'vehicles',
      title: 'Total Vehicles',
      number: counts.vehicles,
      unit: countUnit(counts.vehicles, 'vehicle', 'vehicles'),
      note: notes.vehicles,
    },
    {
      key: 'drivers',
      title: 'Active Drivers',
      number: counts.drivers,
      unit: countUnit(counts.drivers, 'driver', 'drivers'),
      note: notes.drivers,
    },
    {
      key: 'fuelConsumption',
      title: 'Fuel Consumption (L)',
      // Litres dispensed: what was consumed, not what was asked for.
      number: fuelSummary.totalCompleted,
      unit: 'L',
      note: notes.fuelConsumption,
    },
    {
      key: 'maintenanceDue',
      title: 'Maintenance Due',
      number: counts.maintenanceDue,
      unit: countUnit(counts.maintenanceDue, 'vehicle', 'vehicles'),
      note: notes.maintenanceDue,
    },
  ];
}

/** The line under the Dashboard's title: the person's first name, or its whole name where it has none. */
export function dashboardWelcome(user: Pick<SessionUser, 'firstName' | 'name'>): string {
  return `Welcome, ${user.firstName || user.name}.`;
}

/** The short name of an asset: its plate, or its make and model when it has none (generators). */
export function vehicleLabel(vehicle: { plateNumber: string | null; make: string; model: string }): string {
  return vehicle.plateNumber ?? `${vehicle.make} ${vehicle.model}`;
}

export function assetDetailsPath(id: string): string {
  return `/assets/details?id=${encodeURIComponent(id)}`;
}
