/** Runs the numbered migrations in order; each file runs once and is never edited after it lands. */
import { Migrator, type Migration, type MigrationProvider, type MigrationResultSet } from 'kysely';
import type { Database } from '../platform/db/database.js';
import * as m0001 from './migrations/0001-identity-and-tenants.js';
import * as m0002 from './migrations/0002-files-and-prices.js';
import * as m0003 from './migrations/0003-fleet.js';
import * as m0004 from './migrations/0004-ledger.js';
import * as m0005 from './migrations/0005-reserves.js';
import * as m0006 from './migrations/0006-requests.js';
import * as m0007 from './migrations/0007-account-support-settings.js';
import * as m0008 from './migrations/0008-card-payment-expiry.js';
import * as m0009 from './migrations/0009-sign-in-throttle.js';
import * as m0010 from './migrations/0010-station-bank-accounts.js';
import * as m0011 from './migrations/0011-analytics-rollups.js';
import * as m0012 from './migrations/0012-list-indexes.js';
import * as m0013 from './migrations/0013-report-indexes.js';
import * as m0014 from './migrations/0014-audit-log.js';
import * as m0015 from './migrations/0015-request-driver.js';
import * as m0016 from './migrations/0016-request-flags.js';
import * as m0017 from './migrations/0017-low-balance-threshold.js';
import * as m0018 from './migrations/0018-flagged-approval-note.js';
import * as m0019 from './migrations/0019-daily-digest.js';
import * as m0020 from './migrations/0020-efficiency-indexes.js';
import * as m0021 from './migrations/0021-coupon-signing-keys.js';
import * as m0022 from './migrations/0022-station-redemption-indexes.js';
import * as m0023 from './migrations/0023-driver-confirmation.js';
import * as m0024 from './migrations/0024-station-open-coupons.js';
import * as m0025 from './migrations/0025-api-keys.js';
import * as m0026 from './migrations/0026-webhooks.js';
import * as m0027 from './migrations/0027-list-date-indexes.js';
import * as m0028 from './migrations/0028-rollup-estimates.js';
import * as m0029 from './migrations/0029-redemption-rollups.js';
import * as m0030 from './migrations/0030-ledger-movements.js';
import * as m0031 from './migrations/0031-rollup-hot-rows.js';
import * as m0032 from './migrations/0032-vehicle-due-day.js';
import * as m0033 from './migrations/0033-registry-count-indexes.js';
import * as m0034 from './migrations/0034-top-drivers.js';
import * as m0035 from './migrations/0035-wallet-search-trgm.js';
import * as m0036 from './migrations/0036-completed-maintenance-order.js';
import * as m0037 from './migrations/0037-outgoing-messages.js';
import * as m0038 from './migrations/0038-rollup-writers-plpgsql.js';
import * as m0039 from './migrations/0039-drop-unused-fills-index.js';
import * as m0040 from './migrations/0040-ledger-balances-before-postings.js';
import * as m0041 from './migrations/0041-redemption-follow-ups.js';
import * as m0042 from './migrations/0042-station-opening-hours.js';
import * as m0043 from './migrations/0043-vehicle-stickers.js';
import * as m0044 from './migrations/0044-fuel-policies.js';
import * as m0045 from './migrations/0045-flag-review-queue.js';
import * as m0046 from './migrations/0046-freeze.js';
import * as m0047 from './migrations/0047-budget-alerts.js';
import * as m0048 from './migrations/0048-station-state.js';
import * as m0049 from './migrations/0049-period-use-index.js';
import * as m0050 from './migrations/0050-policy-overrides.js';
import * as m0051 from './migrations/0051-odometer-evidence.js';
import * as m0052 from './migrations/0052-override-cancelled.js';
import * as m0053 from './migrations/0053-attendant-station-pin.js';
import * as m0054 from './migrations/0054-personal-data.js';
import * as m0055 from './migrations/0055-user-language.js';
import * as m0056 from './migrations/0056-ussd-sessions.js';
import * as m0057 from './migrations/0057-message-templates.js';

const MIGRATIONS: Record<string, Migration> = {
  '0001-identity-and-tenants': m0001,
  '0002-files-and-prices': m0002,
  '0003-fleet': m0003,
  '0004-ledger': m0004,
  '0005-reserves': m0005,
  '0006-requests': m0006,
  '0007-account-support-settings': m0007,
  '0008-card-payment-expiry': m0008,
  '0009-sign-in-throttle': m0009,
  '0010-station-bank-accounts': m0010,
  '0011-analytics-rollups': m0011,
  '0012-list-indexes': m0012,
  '0013-report-indexes': m0013,
  '0014-audit-log': m0014,
  '0015-request-driver': m0015,
  '0016-request-flags': m0016,
  '0017-low-balance-threshold': m0017,
  '0018-flagged-approval-note': m0018,
  '0019-daily-digest': m0019,
  '0020-efficiency-indexes': m0020,
  '0021-coupon-signing-keys': m0021,
  '0022-station-redemption-indexes': m0022,
  '0023-driver-confirmation': m0023,
  '0024-station-open-coupons': m0024,
  '0025-api-keys': m0025,
  '0026-webhooks': m0026,
  '0027-list-date-indexes': m0027,
  '0028-rollup-estimates': m0028,
  '0029-redemption-rollups': m0029,
  '0030-ledger-movements': m0030,
  '0031-rollup-hot-rows': m0031,
  '0032-vehicle-due-day': m0032,
  '0033-registry-count-indexes': m0033,
  '0034-top-drivers': m0034,
  '0035-wallet-search-trgm': m0035,
  '0036-completed-maintenance-order': m0036,
  '0037-outgoing-messages': m0037,
  '0038-rollup-writers-plpgsql': m0038,
  '0039-drop-unused-fills-index': m0039,
  '0040-ledger-balances-before-postings': m0040,
  '0041-redemption-follow-ups': m0041,
  '0042-station-opening-hours': m0042,
  '0043-vehicle-stickers': m0043,
  '0044-fuel-policies': m0044,
  '0045-flag-review-queue': m0045,
  '0046-freeze': m0046,
  '0047-budget-alerts': m0047,
  '0048-station-state': m0048,
  '0049-period-use-index': m0049,
  '0050-policy-overrides': m0050,
  '0051-odometer-evidence': m0051,
  '0052-override-cancelled': m0052,
  '0053-attendant-station-pin': m0053,
  '0054-personal-data': m0054,
  '0055-user-language': m0055,
  '0056-ussd-sessions': m0056,
  '0057-message-templates': m0057,
};

const provider: MigrationProvider = { getMigrations: () => Promise.resolve(MIGRATIONS) };

/** The names of the migrations a run applied; throws what made one fail. */
function applied({ error, results }: MigrationResultSet): string[] {
  if (error) throw error instanceof Error ? error : new Error(`Migration failed: ${JSON.stringify(error)}`);
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

export async function migrateToLatest(db: Database): Promise<string[]> {
  return applied(await new Migrator({ db, provider }).migrateToLatest());
}

/** Runs the migrations up to `name`, included: for tests of what a later migration does to the data it finds. */
export async function migrateUpTo(db: Database, name: keyof typeof MIGRATIONS): Promise<string[]> {
  return applied(await new Migrator({ db, provider }).migrateTo(name));
}
