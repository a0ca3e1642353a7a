/**
 * The four PDF reports of an organization: Comprehensive (fuel and maintenance per vehicle over a
 * period), Insurance Status, Service Term (history and what is due), Vehicles & Drivers. The
 * platform admin names the organization; everyone else gets their own.
 */
import { lagosDateTime } from '@fleetfuel/contract';
import { addDays, lagosDate, type Clock } from '../../platform/clock.js';
import type { Database } from '../../platform/db/database.js';
import { invalidField, notFound } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/actor.js';
import { money } from '../../platform/pdf/document.js';
import type { ReportContent, ReportRenderer } from '../../platform/pdf/report-renderer.js';
import { organizationFilter } from '../../platform/tenancy/organization-scope.js';
import type { VehiclesService } from '../vehicles/index.js';
import * as repository from './reports.repository.js';

/** Rows read from the database, and handed to the PDF worker, at a time: memory stays one batch deep. */
const BATCH_ROWS = 500;

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
const litres = (value: number | string) => Number(value).toLocaleString('en-NG', { maximumFractionDigits: 2 });
const label = (row: { plate_number: string | null; make: string; model: string }) => row.plate_number ?? `${row.make} ${row.model}`;
/** UNDER_MAINTENANCE reads, and wraps, as "UNDER MAINTENANCE". */
const words = (status: string) => status.replaceAll('_', ' ');

/** Rows already in memory, handed over in batches. */
function* inBatches<T>(rows: T[], cells: (row: T) => string[]): Iterable<string[][]> {
  for (let start = 0; start < rows.length; start += BATCH_ROWS) yield rows.slice(start, start + BATCH_ROWS).map(cells);
}

export function createReportsService(deps: { db: Database; clock: Clock; vehicles: VehiclesService; renderer: ReportRenderer }) {
  const { db, clock, vehicles } = deps;
  const { renderer } = deps;

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
                for await (const rows of repository.combinedBatches(db, organization.id, period, BATCH_ROWS)) {
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
      const rows = await repository.insurance(db, organization.id);
      const statusOf = (start: string | null, end: string | null) =>
        !end || !start ? 'NOT_INSURED' : end < today ? 'EXPIRED' : start <= today ? 'ACTIVE' : 'NOT_INSURED';
      const counts = { ACTIVE: 0, EXPIRED: 0, NOT_INSURED: 0 };
      for (const row of rows) counts[statusOf(row.coverage_start, row.coverage_end)] += 1;
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
            read: () => ({
              batches: inBatches(rows, (row) => {
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
                  words(statusOf(row.coverage_start, row.coverage_end)),
                ];
              }),
              totals: () => [
                'Total',
                `${rows.length} assets`,
                `${counts.ACTIVE} active`,
                `${counts.EXPIRED} expired`,
                `${counts.NOT_INSURED} not insured`,
                '',
                '',
                '',
                '',
              ],
            }),
          },
        ],
      });
    },

    async serviceTerm(actor: Actor, requested: string | undefined) {
      const organization = await organizationOf(actor, requested);
      const today = lagosDate(clock.now());
      const [history, due] = await Promise.all([
        repository.maintenanceHistory(db, organization.id),
        vehicles.dueAlerts({ organizationId: organization.id }, 1000),
      ]);
      const spent = history.reduce((sum, row) => sum + BigInt(row.amount_kobo ?? 0), 0n);
      return render(`service-term-${slug(organization.name)}-${today}.pdf`, {
        title: 'Service Term Report',
        heading: { organization: organization.name, period: `As of ${today}`, generatedAt: generatedAt() },
        tables: [
          {
            title: `Due for maintenance (${due.length})`,
            columns: [
              { header: 'Asset', weight: 1 },
              { header: 'Make / model', weight: 1.4 },
              { header: 'Why it is due', weight: 4 },
            ],
            read: () => ({ batches: inBatches(due, (alert) => [alert.plateNumber ?? alert.name, alert.name, alert.reasons.join('; ')]) }),
          },
          {
            title: `Maintenance history (${history.length} jobs)`,
            columns: [
              { header: 'Completed', weight: 0.9 },
              { header: 'Asset', weight: 0.9 },
              { header: 'Work', weight: 2.4 },
              { header: 'Where', weight: 1.3 },
              { header: 'Odometer', weight: 0.9, align: 'right' },
              { header: 'Cost', weight: 1, align: 'right' },
            ],
            read: () => ({
              batches: inBatches(history, (row) => [
                row.completed_at ? lagosDate(row.completed_at) : row.service_date,
                label(row),
                row.description,
                row.station_name ?? 'Own workshop',
                row.odometer === null ? '—' : `${Number(row.odometer).toLocaleString('en-NG')} km`,
                money(BigInt(row.amount_kobo ?? 0)),
              ]),
              totals: () => ['Total', `${history.length} jobs`, '', '', '', money(spent)],
            }),
          },
        ],
      });
    },

    async vehiclesDrivers(actor: Actor, requested: string | undefined) {
      const organization = await organizationOf(actor, requested);
      const today = lagosDate(clock.now());
      const [rows, free] = await Promise.all([repository.registry(db, organization.id), repository.unassignedDrivers(db, organization.id)]);
      return render(`vehicles-and-drivers-${slug(organization.name)}-${today}.pdf`, {
        title: 'Vehicles & Drivers Report',
        heading: { organization: organization.name, period: `As of ${today}`, generatedAt: generatedAt() },
        tables: [
          {
            title: `Assets (${rows.length})`,
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
            read: () => ({
              batches: inBatches(rows, (row) => [
                label(row),
                `${row.make} ${row.model}`,
                row.type,
                row.fuel_type,
                row.group_name ?? '—',
                words(row.status),
                row.driver_name ?? 'Unassigned',
                row.driver_phone ?? '—',
                row.assigned_at ? lagosDate(row.assigned_at) : '—',
              ]),
              totals: () => [
                'Total',
                `${rows.length} assets`,
                '',
                '',
                '',
                '',
                `${rows.filter((r) => r.driver_name).length} assigned`,
                '',
                '',
              ],
            }),
          },
          {
            title: `Drivers without a vehicle (${free.length})`,
            columns: [
              { header: 'Name', weight: 1.4 },
              { header: 'Phone', weight: 1.1 },
              { header: 'Email', weight: 1.6 },
              { header: 'Group', weight: 1 },
              { header: 'Status', weight: 0.8 },
            ],
            read: () => ({
              batches: inBatches(free, (driver) => [
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
