/**
 * The read side of a wallet itself: its ledger account with its owner's name and, for a station, the
 * payout bank account beside it. Only the ledger module writes the ledger's tables (accounts, journal,
 * postings, holds); the wallet module reads them here and in `transactions.repository.ts`, and keeps
 * its own records in `card-payments.repository.ts` and `payouts.repository.ts`.
 */
import type { Database } from '../../platform/db/database.js';

export function findWalletView(db: Database, accountId: string) {
  return db
    .selectFrom('ledger_accounts as a')
    .leftJoin('organizations as o', 'o.id', 'a.organization_id')
    .leftJoin('fuel_stations as f', 'f.id', 'a.fuel_station_id')
    .leftJoin('station_bank_accounts as b', 'b.account_id', 'a.id')
    .selectAll('a')
    .select([
      'o.name as organization_name',
      'o.status as organization_status',
      'f.name as station_name',
      'b.bank_account_number',
      'b.bank_code',
      'b.bank_name',
      'b.bank_account_name',
      'b.banking_verified_at',
      'b.transfer_recipient_code',
    ])
    .where('a.id', '=', accountId)
    .where('a.kind', 'in', ['ORGANIZATION_WALLET', 'STATION_WALLET'])
    .executeTakeFirst();
}

export type WalletRow = NonNullable<Awaited<ReturnType<typeof findWalletView>>>;

export function findWalletIdOf(db: Database, owner: { organizationId: string } | { stationId: string }) {
  const query = db.selectFrom('ledger_accounts').select('id');
  return (
    'organizationId' in owner
      ? query.where('organization_id', '=', owner.organizationId)
      : query.where('fuel_station_id', '=', owner.stationId)
  ).executeTakeFirst();
}
