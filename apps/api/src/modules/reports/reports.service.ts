/**
 * The four PDF reports of an organization: Comprehensive (fuel and maintenance per vehicle over a
 * period), Insurance Status, Service Term (history and what is due), Vehicles & Drivers. The
 * platform admin names the organization; everyone else gets their own. Each table is read in
 * keyset batches in its print order, so a 20,000-vehicle organization holds one batch in memory, and
 * every read runs in a read-only transaction under the reports' own statement timeout
 * (REPORT_STATEMENT_TIMEOUT_MS), not the shorter one of the API's other queries.
 */
import { lagosDateTime } from '@fleetfuel/contract';
import { addDays, lagosDate, type Clock } from '../../platform/clock.js';
import type { Database } from '../../platform/db/database.js';
import { inBatches, mapBatches } from '../../platform/db/keyset.js';
import { invalidField, notFound } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/actor.js';
import { money } from '../../platform/pdf/document.js';
import type { ReportContent, ReportRenderer } from '../../platform/pdf/report-renderer.js';
import { organizationFilter } from '../../platform/tenancy/organization-scope.js';
import type { VehiclesService } from '../vehicles/index.js';
import * as repository from './reports.repository.js';
import { formatNumber } from '../../platform/number-format.js';

/** Rows read from the database, and handed to the PDF worker, at a time: memory stays one batch deep. */
const REPORT_BATCH_ROWS = 500;

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
const litres = (value: number | string) => formatNumber(Number(value), 2);
const label = (row: { plate_number: string | null; make: string; model: string }) => row.plate_number ?? `${row.make} ${row.model}`;
/** UNDER_MAINTENANCE reads, and wraps, as "UNDER MAINTENANCE". */
const words = (status: string) => status.replaceAll('_', ' ');

export interface ReportsDeps {
  /** Only read: the read replica when DATABASE_READ_URL is set (app.ts), else the primary. */
  db: Database;
  clock: Clock;
  vehicles: VehiclesService;
  renderer: ReportRenderer;
  /** How long one of a report's statements may run (REPORT_STATEMENT_TIMEOUT_MS; 0: without limit). */
  statementTimeoutMs: number;
  /** Rows read at a time (tests make it small to see the batches). */
  batchRows?: number;
}

export function createReportsService(deps: ReportsDeps) {
  const { db, clock, vehicles, renderer } = deps;
  const batchRows = deps.batchRows ?? REPORT_BATCH_ROWS;
  const reads = repository.reportReads(db, deps.statementTimeoutMs);

  /**
   * A table's rows read `batchRows` at a time, each batch in the report's print order after the
   * last row of the one before, and turned into its printed cells: only one batch is in memory.
   */
  function printed<Row extends Cursor, Cursor>(
    readBatch: (db: Database, organizationId: string, after: Cursor | null, size: number) => Promise<Row[]>,
    organizationId: string,
    cells: (row: Row) => string[],
  ): AsyncIterable<string[][]> {
    return mapBatches(
      inBatches<Row, Cursor>((after, size) => reads((trx) => readBatch(trx, organizationId, after, size)), batchRows),
      cells,
    );
  }

  async function organizationOf(actor: Actor, requested: string | undefined) {
    const organizationId = organizationFilter(actor, requested);
    if (!organizationId) throw invalidField('organizationId', 'Choose an organization');
    const organization = await repository.findOrganizationName(db, organizationId);
    if (!organization) throw notFound('Organization');
    return { id: organizationId, name: organization.name };
  }

  /** Every report is landscape, headed by its organization, period and the time it was generated. */
  async function render(filename: string, content: Omit<ReportContent, 'orientation'>) {
    return { filename, ...(await renderer.render({ ...content, orientation: 'landscape' })) };
  }

  const generatedAt = () => lagosDateTime(clock.now());

  return {
    async combined(actor: Actor, query: { startDate: string; endDate: string; organizationId?: string }) {
      const organization = await organizationOf(actor, query.organizationId);
      const period = {
        from: new Date(`${query.startDate}T00:00:00+01:00`),
        until: new Date(`${addDays(query.endDate, 1)}T00:00:00+01:00`),
      };
      return render(`comprehensive-report-${slug(organization.name)}-${query.startDate}-to-${query.endDate}.pdf`, {
        title: 'Comprehensive Report',
        heading: { organization: organization.name, period: `${query.startDate} to ${query.endDate}`, generatedAt: generatedAt() },
        tables: [
          {
            columns: [
              { header: 'Asset', weight: 1.1 },
              { header: 'Make / model', weight: 1.5 },
              { header: 'Type', weight: 1.15 },
              { header: 'Group', weight: 1.1 },
              { header: 'Fills', weight: 0.5, align: 'right' },
              { header: 'Fuel (L)', weight: 0.8, align: 'right' },
              { header: 'Fuel cost', weight: 1.2, align: 'right' },
              { header: 'Jobs', weight: 0.5, align: 'right' },
              { header: 'Maintenance', weight: 1.2, align: 'right' },
              { header: 'Total', weight: 1.2, align: 'right' },
            ],
            read: () => {
              let assets = 0;
              let totalLitres = 0;
              let totalFuel = 0n;
              let totalMaintenance = 0n;
              async function* batches() {
                for await (const rows of repository.combinedBatches(reads, organization.id, period, batchRows)) {
                  yield rows.map((row) => {
                    assets += 1;
                    totalLitres += Number(row.litres);
                    totalFuel += BigInt(row.fuel_kobo);
                    totalMaintenance += BigInt(row.maintenance_kobo);
                    return [
                      label(row),
                      `${row.make} ${row.model}`,
                      row.type,
                      row.group_name ?? '—',
                      row.fills,
                      litres(row.litres),
                      money(BigInt(row.fuel_kobo)),
                      row.jobs,
                      money(BigInt(row.maintenance_kobo)),
                      money(BigInt(row.fuel_kobo) + BigInt(row.maintenance_kobo)),
                    ];
                  });
                }
              }
              return {
                batches: batches(),
                totals: () => [
                  'Total',
                  `${assets} assets`,
                  '',
                  '',
                  '',
                  litres(totalLitres),
                  money(totalFuel),
                  '',
                  money(totalMaintenance),
                  money(totalFuel + totalMaintenance),
                ],
              };
            },
          },
        ],
      });
    },

    async insuranceStatus(actor: Actor, requested: string | undefined) {
      const organization = await organizationOf(actor, requested);
      const today = lagosDate(clock.now());
      const statusOf = (start: string | null, end: string | null) =>
        !end || !start ? 'NOT_INSURED' : end < today ? 'EXPIRED' : start <= today ? 'ACTIVE' : 'NOT_INSURED';
      return render(`insurance-status-${slug(organization.name)}-${today}.pdf`, {
        title: 'Insurance Status Report',
        heading: { organization: organization.name, period: `As of ${today}`, generatedAt: generatedAt() },
        tables: [
          {
            columns: [
              { header: 'Asset', weight: 1 },
              { header: 'Make / model', weight: 1.4 },
              { header: 'Insurer', weight: 1.4 },
              { header: 'Cover', weight: 1 },
              { header: 'Policy number', weight: 1.3 },
              { header: 'Start', weight: 0.9 },
              { header: 'End', weight: 0.9 },
              { header: 'Left', weight: 0.9, align: 'right' },
              { header: 'Status', weight: 1 },
            ],
            read: () => {
              let assets = 0;
              const counts = { ACTIVE: 0, EXPIRED: 0, NOT_INSURED: 0 };
              const batches = printed(repository.insuranceBatch, organization.id, (row) => {
                const status = statusOf(row.coverage_start, row.coverage_end);
                assets += 1;
                counts[status] += 1;
                const days = row.coverage_end ? Math.round((Date.parse(row.coverage_end) - Date.parse(today)) / 86_400_000) : null;
                return [
                  label(row),
                  `${row.make} ${row.model}`,
                  row.insurer_name ?? '—',
                  row.insurance_type ?? '—',
                  row.insurance_number ?? '—',
                  row.coverage_start ?? '—',
                  row.coverage_end ?? '—',
                  days === null ? '—' : days < 0 ? `${-days} days ago` : `${days} days`,
                  words(status),
                ];
              });
              return {
                batches,
                totals: () => [
                  'Total',
                  `${assets} assets`,
                  `${counts.ACTIVE} active`,
                  `${counts.EXPIRED} expired`,
                  `${counts.NOT_INSURED} not insured`,
                  '',
                  '',
                  '',
                  '',
                ],
              };
            },
          },
        ],
      });
    },

    async serviceTerm(actor: Actor, requested: string | undefined) {
      const organization = await organizationOf(actor, requested);
      const today = lagosDate(clock.now());
      const { jobs, fleet } = await reads(async (trx) => ({
        jobs: await repository.countCompletedJobs(trx, organization.id),
        fleet: await vehicles.counts(organization.id, trx),
      }));
      return render(`service-term-${slug(organization.name)}-${today}.pdf`, {
        title: 'Service Term Report',
        heading: { organization: organization.name, period: `As of ${today}`, generatedAt: generatedAt() },
        tables: [
          {
            title: `Due for maintenance (${fleet.due})`,
            columns: [
              { header: 'Asset', weight: 1 },
              { header: 'Make / model', weight: 1.4 },
              { header: 'Why it is due', weight: 4 },
            ],
            // The vehicles module's own due rule and order (soonest problems first), each batch one of the report's reads.
            read: () => ({
              batches: mapBatches(vehicles.dueAlertBatches({ organizationId: organization.id }, batchRows, reads), (alert) => [
                alert.plateNumber ?? alert.name,
                alert.name,
                alert.reasons.join('; '),
              ]),
            }),
          },
          {
            title: `Maintenance history (${jobs} jobs)`,
            columns: [
              { header: 'Completed', weight: 0.9 },
              { header: 'Asset', weight: 0.9 },
              { header: 'Work', weight: 2.4 },
              { header: 'Where', weight: 1.3 },
              { header: 'Odometer', weight: 0.9, align: 'right' },
              { header: 'Cost', weight: 1, align: 'right' },
            ],
            read: () => {
              let printedJobs = 0;
              let spent = 0n;
              const batches = printed(repository.maintenanceHistoryBatch, organization.id, (row) => {
                printedJobs += 1;
                spent += BigInt(row.amount_kobo ?? 0);
                return [
                  row.completed_at ? lagosDate(row.completed_at) : row.service_date,
                  label(row),
                  row.description,
                  row.station_name ?? 'Own workshop',
                  row.odometer === null ? '—' : `${formatNumber(Number(row.odometer))} km`,
                  money(BigInt(row.amount_kobo ?? 0)),
                ];
              });
              return { batches, totals: () => ['Total', `${printedJobs} jobs`, '', '', '', money(spent)] };
            },
          },
        ],
      });
    },

    async vehiclesDrivers(actor: Actor, requested: string | undefined) {
      const organization = await organizationOf(actor, requested);
      const today = lagosDate(clock.now());
      const counts = await reads((trx) => repository.countRegistry(trx, organization.id));
      return render(`vehicles-and-drivers-${slug(organization.name)}-${today}.pdf`, {
        title: 'Vehicles & Drivers Report',
        heading: { organization: organization.name, period: `As of ${today}`, generatedAt: generatedAt() },
        tables: [
          {
            title: `Assets (${counts.assets})`,
            columns: [
              { header: 'Asset', weight: 1 },
              { header: 'Make / model', weight: 1.4 },
              { header: 'Type', weight: 1.15 },
              { header: 'Fuel', weight: 0.7 },
              { header: 'Group', weight: 1 },
              { header: 'Status', weight: 1.1 },
              { header: 'Driver / care taker', weight: 1.3 },
              { header: 'Phone', weight: 1.1 },
              { header: 'Since', weight: 0.8 },
            ],
            read: () => {
              let assets = 0;
              let assigned = 0;
              const batches = printed(repository.registryBatch, organization.id, (row) => {
                assets += 1;
                if (row.driver_name) assigned += 1;
                return [
                  label(row),
                  `${row.make} ${row.model}`,
                  row.type,
                  row.fuel_type,
                  row.group_name ?? '—',
                  words(row.status),
                  row.driver_name ?? 'Unassigned',
                  row.driver_phone ?? '—',
                  row.assigned_at ? lagosDate(row.assigned_at) : '—',
                ];
              });
              return { batches, totals: () => ['Total', `${assets} assets`, '', '', '', '', `${assigned} assigned`, '', ''] };
            },
          },
          {
            title: `Drivers without a vehicle (${counts.unassignedDrivers})`,
            columns: [
              { header: 'Name', weight: 1.4 },
              { header: 'Phone', weight: 1.1 },
              { header: 'Email', weight: 1.6 },
              { header: 'Group', weight: 1 },
              { header: 'Status', weight: 0.8 },
            ],
            read: () => ({
              batches: printed(repository.unassignedDriverBatch, organization.id, (driver) => [
                driver.name,
                driver.phone ?? '—',
                driver.email ?? '—',
                driver.group_name ?? '—',
                driver.status,
              ]),
            }),
          },
        ],
      });
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
