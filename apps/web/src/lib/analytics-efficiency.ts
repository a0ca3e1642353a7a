/**
 * True efficiency (GET /analytics/efficiency): km per litre (or kWh) and cost per km from
 * consecutive odometer readings, and the silent assets. Read by the Analytics page (the worst ten
 * of its period) and by an asset's Fuel Logs tab (that one vehicle).
 */
import { queryOptions } from '@tanstack/react-query';
import type { EfficiencyQuery } from '@fleetfuel/contract';
import { analyticsRoutes } from '@fleetfuel/contract/routes/analytics.routes';
import { callApi } from './api-client';
import { ANALYTICS_KEY } from './analytics-overview';
import { businessDate } from './format';

/** What the screens ask for: the period, and optionally one organization (ADMIN) or one vehicle. */
export interface EfficiencyFilters {
  from: string;
  to: string;
  organizationId?: string | null;
  vehicleId?: string;
  pageSize?: number;
}

/** The Lagos calendar period of the Analytics page's "last N months": the first day of the first month to today. */
export function monthsPeriod(months: number, today: string = businessDate()): { from: string; to: string } {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(year, month - 1 - (months - 1), 1));
  return { from: first.toISOString().slice(0, 10), to: today };
}

/** The last `days` Lagos days, today included. */
export function lastDays(days: number, today: string = businessDate()): { from: string; to: string } {
  const first = new Date(`${today}T00:00:00Z`);
  first.setUTCDate(first.getUTCDate() - (days - 1));
  return { from: first.toISOString().slice(0, 10), to: today };
}

function efficiencyRequestQuery(filters: EfficiencyFilters): Partial<EfficiencyQuery> {
  return {
    from: filters.from,
    to: filters.to,
    ...(filters.organizationId ? { organizationId: filters.organizationId } : {}),
    ...(filters.vehicleId ? { vehicleId: filters.vehicleId } : {}),
    ...(filters.pageSize ? { pageSize: filters.pageSize } : {}),
  };
}

/** Under the analytics key: any change of data marks it stale with the overview. */
export function efficiencyQuery(userId: string, filters: EfficiencyFilters) {
  return queryOptions({
    queryKey: [
      ...ANALYTICS_KEY,
      'efficiency',
      userId,
      filters.from,
      filters.to,
      filters.organizationId ?? 'all',
      filters.vehicleId ?? 'all',
      filters.pageSize ?? 'default',
    ] as const,
    queryFn: () => callApi(analyticsRoutes.efficiency, { query: efficiencyRequestQuery(filters) }),
  });
}
