/**
 * The due rule in words: each part of it a vehicle meets (an open job, insurance or registration
 * expiring within 30 days or expired, a service over its interval in days or km), as the dashboard,
 * the alerts centre and the Service Term report say it. Pure: the SQL of the same rule is
 * due-vehicles.repository `isDue` (kept as a day by migration 0032).
 */
import { calendarDay, lagosDay } from '@fleetfuel/contract';
import { addDays, lagosDate } from '../../platform/clock.js';
import { formatNumber } from '../../platform/number-format.js';

/** How soon an expiring insurance or registration makes an asset due (migration 0032's trigger counts the same 30 days). */
const EXPIRY_WARNING_DAYS = 30;

/** What a part of the due rule concerns: the alerts centre tells them apart, the dashboard only reads the words. */
type DueFindingKind = 'MAINTENANCE_OPEN' | 'INSURANCE' | 'REGISTRATION' | 'SERVICE_BY_DATE' | 'SERVICE_BY_ODOMETER';

export interface DueFinding {
  kind: DueFindingKind;
  text: string;
  /** The day it fell or falls due, where the part has one. */
  dueDate: string | null;
}

type DueFacts = {
  open_job: unknown;
  insurance_end: string | null;
  registration_expiry: string | null;
  last_service_at: Date | null;
  created_at: Date;
  last_odometer: string | null;
  last_service_odometer: string | null;
  service_interval_days: number | null;
  service_interval_km: number | null;
};

/** A due vehicle with the reasons, in words, that make it due: an alert of the dashboard, a row of the Service Term report. */
export function dueAlert(row: DueFacts & { id: string; plate_number: string | null; make: string; model: string }, day: string) {
  return { vehicleId: row.id, plateNumber: row.plate_number, name: `${row.make} ${row.model}`, reasons: dueReasons(row, day) };
}

/** The words for each part of the due rule (due-vehicles.repository `isDue`, kept as a day by migration 0032) that a vehicle meets. */
function dueReasons(row: DueFacts, day: string): string[] {
  return dueFindings(row, day).map((finding) => finding.text);
}

/** Each part of the due rule (due-vehicles.repository `isDue`, kept as a day by migration 0032) that a vehicle meets, with its words and day. */
export function dueFindings(row: DueFacts, day: string): DueFinding[] {
  const intervalDays = row.service_interval_days ?? 90;
  const intervalKm = row.service_interval_km ?? 5000;
  const warnUntil = addDays(day, EXPIRY_WARNING_DAYS);
  const findings: DueFinding[] = [];
  if (row.open_job) findings.push({ kind: 'MAINTENANCE_OPEN', text: 'Approved maintenance not yet done', dueDate: null });
  // Insurance and registration follow one rule: due from 30 days before the end, expired after it.
  const expiries = [
    { kind: 'INSURANCE', words: 'Insurance', end: row.insurance_end },
    { kind: 'REGISTRATION', words: 'Registration', end: row.registration_expiry },
  ] as const;
  for (const { kind, words, end } of expiries) {
    if (end === null || end > warnUntil) continue;
    findings.push({ kind, text: `${words} ${end < day ? 'expired' : 'expires'} on ${calendarDay(end)}`, dueDate: end });
  }
  const lastService = row.last_service_at ?? row.created_at;
  if (lagosDate(lastService) <= addDays(day, -intervalDays)) {
    findings.push({
      kind: 'SERVICE_BY_DATE',
      text: row.last_service_at
        ? `Last service on ${lagosDay(row.last_service_at)}, over ${intervalDays} days ago`
        : `No service recorded in ${intervalDays} days`,
      dueDate: addDays(lagosDate(lastService), intervalDays),
    });
  }
  if (
    row.last_odometer !== null &&
    row.last_service_odometer !== null &&
    Number(row.last_odometer) - Number(row.last_service_odometer) >= intervalKm
  ) {
    findings.push({
      kind: 'SERVICE_BY_ODOMETER',
      text: `${formatNumber(Number(row.last_odometer) - Number(row.last_service_odometer))} km since the last service`,
      dueDate: null,
    });
  }
  return findings;
}
