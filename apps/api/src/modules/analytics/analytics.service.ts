/**
 * The analytics overview behind the Dashboard, the Analytics page and the admin Overview: figures
 * computed from the data, in the caller's scope — the platform for ADMIN (or one organization it
 * names), the organization for its admins, its own vehicle and requests for a DRIVER, and its
 * redemptions for a station (earnings only for its representative).
 */
import {
  dispensedFuelType,
  EFFICIENCY_MAX_DAYS,
  FUEL_UNITS,
  koboToNaira,
  SILENT_ASSET_DAYS,
  type AnalyticsOverview,
  type EfficiencyQuery,
  type EfficiencyReply,
  type EfficiencyVehicle,
  type VehicleFuelType,
} from '@fleetfuel/contract';
import { addDays, lagosDate, lagosDayStart, type Clock } from '../../platform/clock.js';
import type { Database } from '../../platform/db/database.js';
import { forbidden, invalidField, notFound } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/actor.js';
import { organizationFilter } from '../../platform/tenancy/organization-scope.js';
import type { FlagsService } from '../flags/index.js';
import type { FuelRequestsService, MaintenanceService } from '../requests/index.js';
import type { VehiclesService } from '../vehicles/index.js';
import * as repository from './analytics.repository.js';
import type { AnalyticsScope } from './analytics.repository.js';
import * as efficiencyRepository from './efficiency.repository.js';
import type { EfficiencyFillRow } from './efficiency.repository.js';
import { efficiencyRuns, type EfficiencySummary } from './efficiency-runs.js';
import { formatNumber } from '../../platform/number-format.js';

const MONTH_LABEL = new Intl.DateTimeFormat('en-NG', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** The last `count` Lagos months, oldest first, ending with the current one. */
export function monthsEnding(today: string, count: number): Array<{ month: string; label: string }> {
  const [year, month] = today.split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, i) => {
    const d = new Date(Date.UTC(year, month - 1 - (count - 1 - i), 1));
    return { month: d.toISOString().slice(0, 7), label: MONTH_LABEL.format(d) };
  });
}

/** Whole days from one calendar date to another. */
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
/** The efficiency list's default period: the 90 days ending today. */
const DEFAULT_EFFICIENCY_DAYS = 90;
const SILENT_ASSETS_SHOWN = 20;

/** Rows ordered by vehicle (as `efficiencyFills` returns them) to one summary a vehicle, by the pure rule. */
function summariseByVehicle(rows: readonly EfficiencyFillRow[]): Array<{ vehicleId: string; summary: EfficiencySummary }> {
  const result: Array<{ vehicleId: string; summary: EfficiencySummary }> = [];
  let start = 0;
  for (let i = 1; i <= rows.length; i += 1) {
    if (i < rows.length && rows[i]?.vehicle_id === rows[start]?.vehicle_id) continue;
    const group = rows.slice(start, i);
    const fills = group.map((row) => ({
      odometer: row.odometer === null ? null : Number(row.odometer),
      volume: Number(row.dispensed_volume ?? 0),
      amountKobo: BigInt(row.amount_kobo ?? 0),
      inPeriod: row.in_period,
    }));
    const vehicleId = group[0]?.vehicle_id;
    if (vehicleId !== undefined) result.push({ vehicleId, summary: efficiencyRuns(fills) });
    start = i;
  }
  return result;
}

/** Worst km per unit first; vehicles with nothing measured after all others; then the longer distance, then the id. */
function worstFirst(a: { vehicleId: string; summary: EfficiencySummary }, b: { vehicleId: string; summary: EfficiencySummary }) {
  const x = a.summary.kmPerUnit;
  const y = b.summary.kmPerUnit;
  if (x !== y) {
    if (x === null) return 1;
    if (y === null) return -1;
    return x - y;
  }
  if (a.summary.distanceKm !== b.summary.distanceKm) return b.summary.distanceKm - a.summary.distanceKm;
  return a.vehicleId < b.vehicleId ? -1 : a.vehicleId > b.vehicleId ? 1 : 0;
}

const plural = (n: number, word: string) => `${formatNumber(n)} ${word}${n === 1 ? '' : 's'}`;

/** The vehicles whose maintenance is due that a scope sees: all, an organization's, a driver's one; none for a station. */
function vehiclesOf(scope: AnalyticsScope) {
  return scope.kind === 'PLATFORM'
    ? { organizationId: null }
    : scope.kind === 'ORGANIZATION'
      ? { organizationId: scope.organizationId }
      : scope.kind === 'DRIVER'
        ? { organizationId: scope.organizationId, vehicleId: scope.vehicleId }
        : null;
}

/**
 * Each month's expenses (what an organization or a driver's requests paid) and earnings (what a
 * station's representative received, net of fees; the platform's revenue), in naira.
 */
function monthlyFinancials(
  scope: AnalyticsScope,
  months: ReadonlyArray<{ month: string; label: string }>,
  money: Awaited<ReturnType<typeof repository.monthlyMoney>>,
): AnalyticsOverview['graph']['monthlyFinancials'] {
  const moneyByMonth = new Map(money.rows.map((r) => [r.month, r]));
  const revenueByMonth = new Map(money.revenue.map((r) => [r.month, BigInt(r.revenue)]));
  return months.map(({ month, label }) => {
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
}

export function createAnalyticsService(deps: {
  /** Only read: the read replica when DATABASE_READ_URL is set (app.ts), else the primary. */
  db: Database;
  /** The primary, for what the reads keep: a scope's list of leading drivers, built at its first read (0034). */
  primary: Database;
  clock: Clock;
  vehicles: VehiclesService;
  fuel: FuelRequestsService;
  maintenance: MaintenanceService;
  flags: Pick<FlagsService, 'fraudTotals'>;
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
      const vehicleScope = vehiclesOf(scope);
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
      const byDriver = await repository.fuelByDriver(db, deps.primary, scope, period, 10);
      const recentFuel = await deps.fuel.list(actor, listQuery);
      const recentMaintenance = await deps.maintenance.list(actor, listQuery);
      const { alerts, due } = vehicleScope ? await vehicles.dueAlerts(vehicleScope, 10) : { alerts: [], due: 0 };
      const managed = scope.kind === 'PLATFORM' || scope.kind === 'ORGANIZATION';
      const fraud = managed ? await deps.flags.fraudTotals(db, scope.kind === 'ORGANIZATION' ? scope.organizationId : null) : null;

      const volumeByMonth = new Map(volumes.map((v) => [v.month, Number(v.volume)]));

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
          fuelConsumption: `${formatNumber(fuel.thisMonth, 2)} L this month`,
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
          monthlyFinancials: monthlyFinancials(scope, months, money),
        },
        consumption: {
          completedByDriver: byDriver.map((row) => ({
            driverId: row.driverId,
            name: row.driverId === null ? 'No driver' : (row.name ?? ''),
            volume: Number(row.volume),
          })),
        },
        recent: { fuelRequests: recentFuel.requests, maintenanceLogs: recentMaintenance.rows },
        maintenanceAlerts: alerts,
        fraud,
      };
    },

    /**
     * `GET /analytics/efficiency`: every vehicle with a completed fill in the period, by the pure
     * fill-to-fill rule, worst first, a page at a time; and the silent assets. The fills come in
     * one statement and are summed a vehicle at a time in memory (a summary is a few numbers, so
     * 20,000 vehicles stay small); only the page's vehicles are then read for their names.
     */
    async efficiency(actor: Actor, query: EfficiencyQuery): Promise<EfficiencyReply> {
      const organizationId = organizationFilter(actor, query.organizationId);
      // ADMIN may name any organization, but one that does not exist is not found (not empty).
      if (actor.role === 'ADMIN' && organizationId !== null && !(await efficiencyRepository.organizationExists(db, organizationId))) {
        throw notFound('Organization');
      }
      if (query.vehicleId !== undefined && !(await efficiencyRepository.vehicleExists(db, query.vehicleId, organizationId))) {
        throw notFound('Vehicle');
      }
      const to = query.to ?? lagosDate(clock.now());
      const from = query.from ?? addDays(to, -(DEFAULT_EFFICIENCY_DAYS - 1));
      // The schema checks the order when both are given; one given against the other's default is checked here.
      if (from > to) throw invalidField('to', 'The start date must be on or before the end date');
      if (daysBetween(from, to) + 1 > EFFICIENCY_MAX_DAYS)
        throw invalidField('from', `The period can be at most ${EFFICIENCY_MAX_DAYS} days`);
      const until = lagosDayStart(addDays(to, 1));

      const rows = await efficiencyRepository.efficiencyFills(db, {
        organizationId,
        vehicleId: query.vehicleId,
        search: query.search || undefined,
        from: lagosDayStart(from),
        until,
      });
      const summaries = summariseByVehicle(rows).sort(worstFirst);
      const page = summaries.slice((query.page - 1) * query.pageSize, query.page * query.pageSize);
      const details = new Map(
        (
          await efficiencyRepository.vehiclesByIds(
            db,
            page.map((p) => p.vehicleId),
          )
        ).map((v) => [v.id, v]),
      );
      const vehicles = page.flatMap(({ vehicleId, summary }): EfficiencyVehicle[] => {
        const vehicle = details.get(vehicleId);
        if (!vehicle) return [];
        const fuelType = vehicle.fuel_type as VehicleFuelType;
        return [
          {
            vehicleId,
            plateNumber: vehicle.plate_number,
            name: `${vehicle.make} ${vehicle.model}`,
            fuelType,
            unit: FUEL_UNITS[dispensedFuelType(fuelType)] === 'kWh' ? 'kWh' : 'L',
            distanceKm: summary.distanceKm,
            volume: summary.volume,
            kmPerUnit: summary.kmPerUnit,
            costPerKm: summary.costPerKmKobo === null ? null : koboToNaira(summary.costPerKmKobo),
            fills: summary.fills,
            runs: summary.runs.length,
          },
        ];
      });

      const silent = await efficiencyRepository.silentAssets(db, {
        organizationId,
        vehicleId: query.vehicleId,
        silentSince: lagosDayStart(addDays(to, -(SILENT_ASSET_DAYS - 1))),
        until,
        limit: SILENT_ASSETS_SHOWN,
      });
      return {
        from,
        to,
        vehicles,
        meta: { page: query.page, pageSize: query.pageSize, total: summaries.length },
        silentAssets: silent.rows.map((row) => ({
          vehicleId: row.id,
          plateNumber: row.plate_number,
          name: `${row.make} ${row.model}`,
          lastFillAt: row.redeemed_at ? new Date(row.redeemed_at).toISOString() : null,
          daysSinceLastFill: row.redeemed_at ? daysBetween(lagosDate(new Date(row.redeemed_at)), to) : null,
        })),
        silentAssetsTotal: silent.total,
      };
    },
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
