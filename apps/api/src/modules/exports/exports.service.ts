/**
 * CSV exports of the lists (issue 14). Each export asks the module that owns the list for its rows
 * with the list's own filters and tenant scope (so an export holds exactly what the list shows, in
 * its order) batch by batch, and writes each batch as it comes: the stream pulls the next batch
 * only when the client has taken the previous one, so a million rows stay one batch in memory.
 * Columns carry the web table's labels; money is decimal naira, instants Lagos date-times.
 */
import { Readable } from 'node:stream';
import {
  lagosDateTime,
  nairaToKobo,
  type Department,
  type Driver,
  type FuelRequest,
  type MaintenanceRequest,
  type RouteQuery,
  type Transaction,
  type Vehicle,
  type exportRoutes,
} from '@fleetfuel/contract';
import { lagosDate, type Clock } from '../../platform/clock.js';
import { CSV_BOM, csvLine, koboCell, numberCell, textCell } from '../../platform/csv.js';
import type { Actor } from '../../platform/http/actor.js';
import type { DepartmentsService } from '../departments/index.js';
import type { FuelRequestsService, MaintenanceService } from '../requests/index.js';
import type { UsersService } from '../users/index.js';
import type { VehiclesService } from '../vehicles/index.js';
import type { WalletService } from '../wallet/index.js';

/** Rows read from the database, and written to the reply, at a time. */
const EXPORT_BATCH_ROWS = 1000;

interface Column<Row> {
  header: string;
  cell: (row: Row) => string;
}

const naira = (amount: number | null) => koboCell(amount === null ? null : nairaToKobo(amount));
const instant = (timestamp: string | null) => textCell(timestamp === null ? null : lagosDateTime(new Date(timestamp)));

const vehicleColumns: Column<Vehicle>[] = [
  { header: 'Plate Number', cell: (v) => textCell(v.plateNumber) },
  { header: 'Make', cell: (v) => textCell(v.make) },
  { header: 'Model', cell: (v) => textCell(v.model) },
  { header: 'Asset Type', cell: (v) => textCell(v.type) },
  { header: 'Location', cell: (v) => textCell(v.state) },
  { header: 'Client', cell: (v) => textCell(v.organization.name) },
  { header: 'Group', cell: (v) => textCell(v.department?.name) },
  { header: 'Driver', cell: (v) => textCell(v.driver?.name) },
  { header: 'Fuel Type', cell: (v) => textCell(v.fuelType) },
  { header: 'Tank Size (L)', cell: (v) => numberCell(v.tankSize) },
  { header: 'Purchase Price', cell: (v) => naira(v.purchasePrice) },
  { header: 'Insurance', cell: (v) => textCell(v.insuranceStatus) },
  { header: 'Status', cell: (v) => textCell(v.status) },
  { header: 'Created', cell: (v) => instant(v.createdAt) },
];

const driverColumns: Column<Driver>[] = [
  { header: 'Name', cell: (d) => textCell(d.name) },
  { header: 'Phone', cell: (d) => textCell(d.phone) },
  { header: 'Email', cell: (d) => textCell(d.email) },
  { header: 'Client', cell: (d) => textCell(d.organization?.name) },
  { header: 'Vehicle', cell: (d) => textCell(d.vehicle?.plateNumber ?? (d.vehicle ? `${d.vehicle.make} ${d.vehicle.model}` : null)) },
  { header: 'Group', cell: (d) => textCell(d.department?.name) },
  { header: 'Status', cell: (d) => textCell(d.status) },
  { header: 'Created', cell: (d) => instant(d.createdAt) },
];

const groupColumns: Column<Department>[] = [
  { header: 'Name', cell: (g) => textCell(g.name) },
  { header: 'Status', cell: (g) => textCell(g.status) },
  { header: 'Max Daily Consumption (L)', cell: (g) => numberCell(g.maxDailyConsumption) },
  { header: 'Vehicles', cell: (g) => numberCell(g.vehiclesCount) },
  { header: 'Drivers', cell: (g) => numberCell(g.driversCount) },
  { header: 'Client', cell: (g) => textCell(g.organization.name) },
  { header: 'Created', cell: (g) => instant(g.createdAt) },
];

const fuelRequestColumns: Column<FuelRequest>[] = [
  { header: 'Vehicle', cell: (r) => textCell(r.vehicle.plateNumber ?? `${r.vehicle.make} ${r.vehicle.model}`) },
  { header: 'Client', cell: (r) => textCell(r.organization.name) },
  { header: 'Requested By', cell: (r) => textCell(r.requestedBy.name) },
  { header: 'Station', cell: (r) => textCell(r.station.name) },
  { header: 'Fuel', cell: (r) => textCell(r.fuelType) },
  { header: 'Volume', cell: (r) => numberCell(r.volume) },
  { header: 'Unit', cell: (r) => textCell(r.unit) },
  { header: 'Supply Date', cell: (r) => textCell(r.supplyDate) },
  { header: 'Status', cell: (r) => textCell(r.status) },
  { header: 'Price per Unit', cell: (r) => naira(r.pricePerUnit) },
  { header: 'Amount', cell: (r) => naira(r.amount) },
  { header: 'Coupon Code', cell: (r) => textCell(r.couponCode) },
  { header: 'Created', cell: (r) => instant(r.createdAt) },
];

const maintenanceColumns: Column<MaintenanceRequest>[] = [
  { header: 'Vehicle', cell: (r) => textCell(r.vehicle.plateNumber ?? `${r.vehicle.make} ${r.vehicle.model}`) },
  { header: 'Client', cell: (r) => textCell(r.organization.name) },
  { header: 'Job', cell: (r) => textCell(r.description) },
  { header: 'Requested By', cell: (r) => textCell(r.requestedBy.name) },
  { header: 'Station', cell: (r) => textCell(r.fuelStation?.name) },
  { header: 'Date', cell: (r) => textCell(r.date) },
  { header: 'Cost', cell: (r) => naira(r.cost) },
  { header: 'Final Cost', cell: (r) => naira(r.finalCost) },
  { header: 'Status', cell: (r) => textCell(r.status) },
  { header: 'Created', cell: (r) => instant(r.createdAt) },
];

const transactionColumns: Column<Transaction>[] = [
  { header: 'Date', cell: (t) => instant(t.createdAt) },
  { header: 'Amount', cell: (t) => naira(t.amount) },
  { header: 'Type', cell: (t) => textCell(t.type) },
  { header: 'Note', cell: (t) => textCell(t.note) },
  { header: 'Fee', cell: (t) => naira(t.fee) },
  { header: 'Reference', cell: (t) => textCell(t.reference) },
  { header: 'Status', cell: (t) => textCell(t.status) },
];

export interface ExportsDeps {
  clock: Clock;
  vehicles: VehiclesService;
  users: UsersService;
  departments: DepartmentsService;
  fuelRequests: FuelRequestsService;
  maintenance: MaintenanceService;
  wallet: WalletService;
  batchRows?: number;
}

type Query<K extends keyof typeof exportRoutes> = RouteQuery<(typeof exportRoutes)[K]>;

export function createExportsService(deps: ExportsDeps) {
  const { clock, vehicles, users, departments, fuelRequests, maintenance, wallet } = deps;
  const batchRows = deps.batchRows ?? EXPORT_BATCH_ROWS;

  /**
   * The file: a BOM and the header, then each batch as one chunk as the client takes them. The
   * batches are awaited first, so that a refusal (another tenant's organization or wallet) is the
   * reply's status rather than a cut-off download.
   */
  async function csvFile<Row>(name: string, columns: readonly Column<Row>[], rows: AsyncIterable<Row[]> | Promise<AsyncIterable<Row[]>>) {
    const batches = await rows;
    async function* chunks() {
      yield `${CSV_BOM}${csvLine(columns.map((column) => textCell(column.header)))}`;
      for await (const batch of batches) yield batch.map((row) => csvLine(columns.map((column) => column.cell(row)))).join('');
    }
    return { filename: `${name}-${lagosDate(clock.now())}.csv`, stream: Readable.from(chunks()) };
  }

  return {
    vehicles: (actor: Actor, query: Query<'vehicles'>) =>
      csvFile('vehicles', vehicleColumns, vehicles.exportBatches(actor, query, batchRows)),
    drivers: (actor: Actor, query: Query<'drivers'>) =>
      csvFile('drivers', driverColumns, users.exportDriverBatches(actor, query, batchRows)),
    groups: (actor: Actor, query: Query<'groups'>) => csvFile('groups', groupColumns, departments.exportBatches(actor, query, batchRows)),
    fuelRequests: (actor: Actor, query: Query<'fuelRequests'>) =>
      csvFile('fuel-requests', fuelRequestColumns, fuelRequests.exportBatches(actor, query, batchRows)),
    maintenance: (actor: Actor, query: Query<'maintenance'>) =>
      csvFile('maintenance', maintenanceColumns, maintenance.exportBatches(actor, query, batchRows)),
    // The list's filters: the search (reference or note), the type, the status, the reference and the days.
    transactions: (actor: Actor, { walletId, ...filters }: Query<'transactions'>) =>
      csvFile('transactions', transactionColumns, wallet.exportTransactionBatches(actor, walletId, filters, batchRows)),
  };
}

export type ExportsService = ReturnType<typeof createExportsService>;
