/**
 * The analytics overview behind the Dashboard, the Analytics page and the admin Overview: figures
 * computed from the data, in the caller's scope — the platform for ADMIN (or one organization it
 * names), the organization for its admins, its own vehicle and requests for a DRIVER, and its
 * redemptions for a station (earnings only for its representative).
 */
import { koboToNaira, type AnalyticsOverview } from '@fleetfuel/contract';
import { lagosDate, type Clock } from '../../platform/clock.js';
import type { Database } from '../../platform/db/database.js';
import { forbidden } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/actor.js';
import { organizationFilter } from '../../platform/tenancy/organization-scope.js';
import type { FuelRequestsService, MaintenanceService } from '../requests/index.js';
import type { VehiclesService } from '../vehicles/index.js';
import * as repository from './analytics.repository.js';
import type { AnalyticsScope } from './analytics.repository.js';

const MONTH_LABEL = new Intl.DateTimeFormat('en-NG', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** The last `count` Lagos months, oldest first, ending with the current one. */
export function monthsEnding(today: string, count: number): Array<{ month: string; label: string }> {
  const [year, month] = today.split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, i) => {
    const d = new Date(Date.UTC(year, month - 1 - (count - 1 - i), 1));
    return { month: d.toISOString().slice(0, 7), label: MONTH_LABEL.format(d) };
  });
}

const plural = (n: number, word: string) => `${n.toLocaleString('en-NG')} ${word}${n === 1 ? '' : 's'}`;

export function createAnalyticsService(deps: {
  db: Database;
  clock: Clock;
  vehicles: VehiclesService;
  fuel: FuelRequestsService;
  maintenance: MaintenanceService;
}) {
  const { db, clock, vehicles } = deps;

  async function scopeOf(actor: Actor, organizationId: string | undefined): Promise<AnalyticsScope> {
    switch (actor.role) {
      case 'ADMIN':
        return organizationId ? { kind: 'ORGANIZATION', organizationId } : { kind: 'PLATFORM' };
      case 'ADMINISTRATOR':
      case 'ASST_ADMINISTRATOR':
        return { kind: 'ORGANIZATION', organizationId: organizationFilter(actor, organizationId) as string };
      case 'DRIVER': {
        organizationFilter(actor, organizationId);
        const vehicle = await repository.findVehicleOfDriver(db, actor.userId);
        return { kind: 'DRIVER', organizationId: actor.organizationId as string, userId: actor.userId, vehicleId: vehicle?.id ?? null };
      }
      case 'STATION_REP':
      case 'ATTENDANT':
        if (!actor.fuelStationId) throw forbidden();
        return { kind: 'STATION', stationId: actor.fuelStationId, seesEarnings: actor.role === 'STATION_REP' };
    }
  }

  return {
    async overview(actor: Actor, query: { months: number; organizationId?: string }): Promise<AnalyticsOverview> {
      const scope = await scopeOf(actor, query.organizationId);
      const today = lagosDate(clock.now());
      const months = monthsEnding(today, query.months);
      const firstMonth = months[0]?.month ?? today.slice(0, 7);
      const period = { since: new Date(`${firstMonth}-01T00:00:00+01:00`), firstMonth, currentMonth: today.slice(0, 7) };
      const vehicleScope =
        scope.kind === 'PLATFORM'
          ? { organizationId: null }
          : scope.kind === 'ORGANIZATION'
            ? { organizationId: scope.organizationId }
            : scope.kind === 'DRIVER'
              ? { organizationId: scope.organizationId, vehicleId: scope.vehicleId }
              : null;
      const listQuery = {
        page: 1,
        pageSize: 5,
        ...(scope.kind === 'ORGANIZATION' && actor.role === 'ADMIN' ? { organizationId: scope.organizationId } : {}),
      };

      // One query at a time: an overview holds one pooled connection, so a burst of overviews
      // cannot take the whole pool from the rest of the API (issue 16).
      const registry = await repository.countRegistry(db, scope);
      const maintenance = await repository.maintenanceByStatus(db, scope);
      const fuel = await repository.fuelTotals(db, scope, period);
      const volumes = await repository.monthlyFuel(db, scope, period);
      const money = await repository.monthlyMoney(db, scope, period);
      const byDriver = await repository.fuelByDriver(db, scope, period.since, 10);
      const efficiency = await repository.efficiency(db, scope, period.since, 10);
      const recentFuel = await deps.fuel.list(actor, listQuery);
      const recentMaintenance = await deps.maintenance.list(actor, listQuery);
      const alerts = vehicleScope ? await vehicles.dueAlerts(vehicleScope, 10) : [];
      const due = vehicleScope ? (scope.kind === 'DRIVER' ? alerts.length : (await vehicles.counts(vehicleScope.organizationId)).due) : 0;

      const volumeByMonth = new Map(volumes.map((v) => [v.month, Number(v.volume)]));
      const moneyByMonth = new Map(money.rows.map((r) => [r.month, r]));
      const revenueByMonth = new Map(money.revenue.map((r) => [r.month, BigInt(r.revenue)]));
      const financials = months.map(({ month, label }) => {
        const row = moneyByMonth.get(month);
        const paid = BigInt(row?.paid ?? 0);
        const fees = BigInt(row?.fees ?? 0);
        const expenses = scope.kind === 'STATION' ? 0n : paid;
        const earnings =
          scope.kind === 'STATION'
            ? scope.seesEarnings
              ? paid - fees
              : 0n
            : scope.kind === 'PLATFORM'
              ? (revenueByMonth.get(month) ?? 0n)
              : 0n;
        return { month, label, expenses: koboToNaira(expenses), earnings: koboToNaira(earnings) };
      });

      return {
        scope: scope.kind,
        counts: {
          vehicles: registry.vehicles,
          drivers: registry.drivers,
          organizations: registry.organizations,
          fuelStations: registry.fuelStations,
          maintenanceRequests: {
            PENDING: maintenance.PENDING ?? 0,
            APPROVED: maintenance.APPROVED ?? 0,
            REJECTED: maintenance.REJECTED ?? 0,
            COMPLETED: maintenance.COMPLETED ?? 0,
          },
          maintenanceDue: due,
        },
        notes: {
          vehicles: scope.kind === 'STATION' ? 'Served at this station' : `${plural(registry.driversWithVehicle, 'vehicle')} with a driver`,
          drivers: scope.kind === 'STATION' ? 'Requesters served here' : 'Active driver accounts',
          fuelConsumption: `${fuel.thisMonth.toLocaleString('en-NG', { maximumFractionDigits: 2 })} L this month`,
          maintenanceDue: due === 0 ? 'Nothing due' : `${plural(maintenance.APPROVED ?? 0, 'approved job')} open`,
        },
        fuelSummary: {
          totalRequested: fuel.requested,
          totalPending: fuel.pending,
          totalCompleted: fuel.completed,
          thisMonth: fuel.thisMonth,
        },
        graph: {
          monthlyFuelVolume: months.map(({ month, label }) => ({ month, label, volume: volumeByMonth.get(month) ?? 0 })),
          monthlyFinancials: financials,
        },
        consumption: {
          completedByDriver: byDriver.map((row) => ({
            driverId: row.driverId,
            name: row.driverId === null ? 'No driver' : (row.name ?? ''),
            volume: Number(row.volume),
          })),
          efficiency: efficiency.map((row) => ({
            vehicleId: row.id,
            plateNumber: row.plate_number,
            name: `${row.make} ${row.model}`,
            distance: Number(row.distance),
            litres: Number(row.litres),
            kmPerLitre: Math.round((Number(row.distance) / Number(row.litres)) * 100) / 100,
          })),
        },
        recent: { fuelRequests: recentFuel.requests, maintenanceLogs: recentMaintenance.rows },
        maintenanceAlerts: alerts,
      };
    },
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
