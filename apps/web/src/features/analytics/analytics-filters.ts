/** The Analytics page's period and organization, read from and written to the address. */
import { idSchema, type AnalyticsOverview, type EfficiencyVehicle } from '@fleetfuel/contract';
import { DEFAULT_OVERVIEW_MONTHS, type OverviewFilters } from '@/lib/analytics-overview';
import { formatCurrency, formatNumber, formatVolume } from '@/lib/format';
import type { CategoryDatum } from '@/components/charts';

export const PERIOD_MONTHS = [3, 6, 12, 24] as const;

export function periodLabel(months: number): string {
  return `Last ${months} months`;
}

function readMonths(value: string | null): number {
  const months = Number(value);
  return (PERIOD_MONTHS as readonly number[]).includes(months) ? months : DEFAULT_OVERVIEW_MONTHS;
}

/**
 * The filters an address names. Only ADMIN chooses an organization; anyone else's scope is set by
 * the server, so a stray organizationId in their address is ignored rather than sent.
 */
export function readAnalyticsFilters(params: URLSearchParams, canChooseOrganization: boolean): OverviewFilters {
  const organizationId = params.get('organizationId');
  return {
    months: readMonths(params.get('months')),
    organizationId: canChooseOrganization && organizationId !== null && idSchema.safeParse(organizationId).success ? organizationId : null,
  };
}

/** The address of the filters: the defaults are left out, so a plain /analytics is the first view. */
export function writeAnalyticsFilters(current: URLSearchParams, filters: OverviewFilters): URLSearchParams {
  const next = new URLSearchParams(current);
  if (filters.months === DEFAULT_OVERVIEW_MONTHS) next.delete('months');
  else next.set('months', String(filters.months));
  if (filters.organizationId) next.set('organizationId', filters.organizationId);
  else next.delete('organizationId');
  return next;
}

/** Earnings exist for the platform (its revenue) and for stations; an organization only spends. */
export function showsEarnings(scope: AnalyticsOverview['scope']): boolean {
  return scope === 'PLATFORM' || scope === 'STATION';
}

export function driverBars(rows: AnalyticsOverview['consumption']['completedByDriver']): CategoryDatum[] {
  return rows.map((row) => ({ id: row.driverId ?? 'no-driver', name: row.name, value: row.volume }));
}

/**
 * km per litre (or kWh) per vehicle, with what it comes from. Vehicles with nothing measured in
 * the period have no figure and no bar.
 */
export function efficiencyBars(rows: readonly EfficiencyVehicle[]): CategoryDatum[] {
  return rows.flatMap((row) =>
    row.kmPerUnit === null
      ? []
      : [
          {
            id: row.vehicleId,
            name: row.plateNumber ?? row.name,
            value: row.kmPerUnit,
            detail: `${row.plateNumber ? `${row.name}: ` : ''}${formatNumber(row.distanceKm)} km on ${formatVolume(row.volume, row.unit)}${
              row.costPerKm === null ? '' : `, ${formatCurrency(row.costPerKm)}/km`
            }`,
          },
        ],
  );
}

/** The measure's name: km/L, km/kWh, or both when the chart mixes fuels. */
export function efficiencyUnitLabel(rows: readonly EfficiencyVehicle[]): string {
  const units = new Set(rows.map((row) => row.unit));
  return units.size === 1 ? `km/${[...units][0] ?? 'L'}` : 'km/L or km/kWh';
}

/** "Never filled" or "42 days". */
export function silentFor(days: number | null): string {
  if (days === null) return 'Never filled';
  return `${formatNumber(days)} day${days === 1 ? '' : 's'}`;
}
