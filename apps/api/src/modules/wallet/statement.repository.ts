/**
 * The read side of a wallet statement. Balances come from the postings index
 * `(account_id, created_at, id)`: the opening balance is the sum of the account's postings before
 * the period, the movements are read in keyset batches over the same index, and each batch alone is
 * joined to its journal entry and to the fuel request, maintenance job or payout behind it (a
 * redemption's entry carries the coupon code as its reference; a payout's, the payout reference).
 *
 * Holds are not movements here: a hold is a row in `holds` that lowers the wallet's *available*
 * money, never a posting on the wallet account, so the wallet's balance (what a statement is of)
 * only changes when the hold is captured (the redemption's posting) or released (no posting).
 */
import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.js';

/** The sum of the account's postings strictly before `instant`: its balance at that instant. */
export async function balanceBefore(db: Database, accountId: string, instant: Date): Promise<bigint> {
  const row = await db
    .selectFrom('postings')
    .select(sql<string>`coalesce(sum(amount_kobo), 0)::text`.as('total'))
    .where('account_id', '=', accountId)
    .where('created_at', '<', instant)
    .executeTakeFirstOrThrow();
  return BigInt(row.total);
}

export interface StatementCursor {
  createdAt: Date;
  id: string;
}

/** The next `size` movements of the account in [from, until), after `cursor`, oldest first, with what caused each. */
export function movementsBatch(
  db: Database,
  accountId: string,
  period: { from: Date; until: Date },
  cursor: StatementCursor | null,
  size: number,
) {
  const keys = db
    .selectFrom('postings as p')
    .select(['p.id', 'p.entry_id', 'p.amount_kobo', 'p.fee_kobo', 'p.type', 'p.note', 'p.created_at'])
    .where('p.account_id', '=', accountId)
    .where('p.created_at', '>=', period.from)
    .where('p.created_at', '<', period.until)
    .$if(cursor !== null, (q) =>
      q.where((eb) =>
        eb.or([
          eb('p.created_at', '>', (cursor as StatementCursor).createdAt),
          eb.and([eb('p.created_at', '=', (cursor as StatementCursor).createdAt), eb('p.id', '>', (cursor as StatementCursor).id)]),
        ]),
      ),
    )
    .orderBy('p.created_at')
    .orderBy('p.id')
    .limit(size);
  return db
    .selectFrom(keys.as('k'))
    .innerJoin('journal_entries as e', 'e.id', 'k.entry_id')
    .leftJoin('fuel_requests as fr', (join) => join.onRef('fr.coupon_code', '=', 'e.reference').on('e.kind', '=', 'PAYMENT'))
    .leftJoin('maintenance_requests as mr', (join) => join.onRef('mr.coupon_code', '=', 'e.reference').on('e.kind', '=', 'PAYMENT'))
    .leftJoin('vehicles as v', (join) => join.on(sql<boolean>`v.id = coalesce(fr.vehicle_id, mr.vehicle_id)`))
    .leftJoin('organizations as o', (join) => join.on(sql<boolean>`o.id = coalesce(fr.organization_id, mr.organization_id)`))
    .leftJoin('fuel_stations as s', (join) => join.on(sql<boolean>`s.id = coalesce(fr.station_id, mr.station_id)`))
    .leftJoin('payouts as po', 'po.reference', 'e.reference')
    .select([
      'k.id',
      'k.amount_kobo',
      'k.fee_kobo',
      'k.type',
      'k.note',
      'k.created_at',
      'e.kind as entry_kind',
      'e.reference',
      sql<string | null>`fr.id`.as('fuel_request_id'),
      sql<string | null>`mr.id`.as('maintenance_id'),
      sql<string | null>`po.reference`.as('payout_reference'),
      'v.plate_number',
      'o.name as organization_name',
      's.name as station_name',
      'fr.fuel_type',
      sql<string | null>`fr.dispensed_volume::text`.as('volume'),
      sql<string | null>`fr.price_kobo::text`.as('price_kobo'),
      sql<string | null>`coalesce(fr.amount_kobo, mr.amount_kobo, mr.final_cost_kobo)::text`.as('gross_kobo'),
    ])
    .orderBy('k.created_at')
    .orderBy('k.id')
    .execute();
}

export type MovementRow = Awaited<ReturnType<typeof movementsBatch>>[number];
