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
import { money, pageFooters, renderPdf } from '../../platform/pdf/document.js';
import { drawTable, reportHeading, sectionTitle } from '../../platform/pdf/table.js';
import { organizationFilter } from '../../platform/tenancy/organization-scope.js';
import type { VehiclesService } from '../vehicles/index.js';
import * as repository from './reports.repository.js';

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
const litres = (value: number | string) => Number(value).toLocaleString('en-NG', { maximumFractionDigits: 2 });
const label = (row: { plate_number: string | null; make: string; model: string }) => row.plate_number ?? `${row.make} ${row.model}`;
/** UNDER_MAINTENANCE reads, and wraps, as "UNDER MAINTENANCE". */
const words = (status: string) => status.replaceAll('_', ' ');

export function createReportsService(deps: { db: Database; clock: Clock; vehicles: VehiclesService }) {
  const { db, clock, vehicles } = deps;

  async function organizationOf(actor: Actor, requested: string | undefined) {
    const organizationId = organizationFilter(actor, requested);
    if (!organizationId) throw invalidField('organizationId', 'Choose an organization');
    const organization = await repository.findOrganizationName(db, organizationId);
    if (!organization) throw notFound('Organization');
    return { id: organizationId, name: organization.name };
  }

  const generatedAt = () => lagosDateTime(clock.now());

  return {
    async combined(actor: Actor, query: { startDate: string; endDate: string; organizationId?: string }) {
      const organization = await organizationOf(actor, query.organizationId);
      const from = new Date(`${query.startDate}T00:00:00+01:00`);
      const until = new Date(`${addDays(query.endDate, 1)}T00:00:00+01:00`);
      const rows = await repository.combined(db, organization.id, from, until);
      let totalLitres = 0;
      let totalFuel = 0n;
      let totalMaintenance = 0n;
      const body = rows.map((row) => {
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
      const pdf = await renderPdf(
        (doc) => {
          reportHeading(doc, {
            title: 'Comprehensive Report',
            organization: organization.name,
            period: `${query.startDate} to ${query.endDate}`,
            generatedAt: generatedAt(),
          });
          drawTable(
            doc,
            [
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
            body,
            [
              'Total',
              `${rows.length} assets`,
              '',
              '',
              '',
              litres(totalLitres),
              money(totalFuel),
              '',
              money(totalMaintenance),
              money(totalFuel + totalMaintenance),
            ],
          );
          pageFooters(doc, generatedAt());
        },
        { title: 'Comprehensive Report', layout: 'landscape' },
      );
      return { pdf, filename: `comprehensive-report-${slug(organization.name)}-${query.startDate}-to-${query.endDate}.pdf` };
    },

    async insuranceStatus(actor: Actor, requested: string | undefined) {
      const organization = await organizationOf(actor, requested);
      const today = lagosDate(clock.now());
      const rows = await repository.insurance(db, organization.id);
      const statusOf = (start: string | null, end: string | null) =>
        !end || !start ? 'NOT_INSURED' : end < today ? 'EXPIRED' : start <= today ? 'ACTIVE' : 'NOT_INSURED';
      const counts = { ACTIVE: 0, EXPIRED: 0, NOT_INSURED: 0 };
      const body = rows.map((row) => {
        const status = statusOf(row.coverage_start, row.coverage_end);
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
      const pdf = await renderPdf(
        (doc) => {
          reportHeading(doc, {
            title: 'Insurance Status Report',
            organization: organization.name,
            period: `As of ${today}`,
            generatedAt: generatedAt(),
          });
          drawTable(
            doc,
            [
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
            body,
            [
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
          );
          pageFooters(doc, generatedAt());
        },
        { title: 'Insurance Status Report', layout: 'landscape' },
      );
      return { pdf, filename: `insurance-status-${slug(organization.name)}-${today}.pdf` };
    },

    async serviceTerm(actor: Actor, requested: string | undefined) {
      const organization = await organizationOf(actor, requested);
      const today = lagosDate(clock.now());
      const [history, due] = await Promise.all([
        repository.maintenanceHistory(db, organization.id),
        vehicles.dueAlerts({ organizationId: organization.id }, 1000),
      ]);
      let spent = 0n;
      const historyRows = history.map((row) => {
        spent += BigInt(row.amount_kobo ?? 0);
        return [
          row.completed_at ? lagosDate(row.completed_at) : row.service_date,
          label(row),
          row.description,
          row.station_name ?? 'Own workshop',
          row.odometer === null ? '—' : `${Number(row.odometer).toLocaleString('en-NG')} km`,
          money(BigInt(row.amount_kobo ?? 0)),
        ];
      });
      const pdf = await renderPdf(
        (doc) => {
          reportHeading(doc, {
            title: 'Service Term Report',
            organization: organization.name,
            period: `As of ${today}`,
            generatedAt: generatedAt(),
          });
          sectionTitle(doc, `Due for maintenance (${due.length})`);
          drawTable(
            doc,
            [
              { header: 'Asset', weight: 1 },
              { header: 'Make / model', weight: 1.4 },
              { header: 'Why it is due', weight: 4 },
            ],
            due.map((alert) => [alert.plateNumber ?? alert.name, alert.name, alert.reasons.join('; ')]),
          );
          sectionTitle(doc, `Maintenance history (${history.length} jobs)`);
          drawTable(
            doc,
            [
              { header: 'Completed', weight: 0.9 },
              { header: 'Asset', weight: 0.9 },
              { header: 'Work', weight: 2.4 },
              { header: 'Where', weight: 1.3 },
              { header: 'Odometer', weight: 0.9, align: 'right' },
              { header: 'Cost', weight: 1, align: 'right' },
            ],
            historyRows,
            ['Total', `${history.length} jobs`, '', '', '', money(spent)],
          );
          pageFooters(doc, generatedAt());
        },
        { title: 'Service Term Report', layout: 'landscape' },
      );
      return { pdf, filename: `service-term-${slug(organization.name)}-${today}.pdf` };
    },

    async vehiclesDrivers(actor: Actor, requested: string | undefined) {
      const organization = await organizationOf(actor, requested);
      const today = lagosDate(clock.now());
      const [rows, free] = await Promise.all([repository.registry(db, organization.id), repository.unassignedDrivers(db, organization.id)]);
      const pdf = await renderPdf(
        (doc) => {
          reportHeading(doc, {
            title: 'Vehicles & Drivers Report',
            organization: organization.name,
            period: `As of ${today}`,
            generatedAt: generatedAt(),
          });
          sectionTitle(doc, `Assets (${rows.length})`);
          drawTable(
            doc,
            [
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
            rows.map((row) => [
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
            ['Total', `${rows.length} assets`, '', '', '', '', `${rows.filter((r) => r.driver_name).length} assigned`, '', ''],
          );
          sectionTitle(doc, `Drivers without a vehicle (${free.length})`);
          drawTable(
            doc,
            [
              { header: 'Name', weight: 1.4 },
              { header: 'Phone', weight: 1.1 },
              { header: 'Email', weight: 1.6 },
              { header: 'Group', weight: 1 },
              { header: 'Status', weight: 0.8 },
            ],
            free.map((driver) => [driver.name, driver.phone ?? '—', driver.email ?? '—', driver.group_name ?? '—', driver.status]),
          );
          pageFooters(doc, generatedAt());
        },
        { title: 'Vehicles & Drivers Report', layout: 'landscape' },
      );
      return { pdf, filename: `vehicles-and-drivers-${slug(organization.name)}-${today}.pdf` };
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
