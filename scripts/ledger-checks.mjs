// The ledger's and the requests' invariants, as SQL: each query returns the rows that break its
// rule (none = passed). Shared by the crash test, the point-in-time recovery drill and any check
// of a database that money has moved through.
const WALLETS = `('ORGANIZATION_WALLET', 'STATION_WALLET')`;
export const LEDGER_CHECKS = [
  {
    name: 'every journal entry has at least two postings and they sum to zero',
    sql: `SELECT e.idempotency_key, count(p.id)::int AS postings, coalesce(sum(p.amount_kobo), 0)::text AS total
          FROM journal_entries e LEFT JOIN postings p ON p.entry_id = e.id
          GROUP BY e.id HAVING count(p.id) < 2 OR coalesce(sum(p.amount_kobo), 0) <> 0`,
  },
  {
    name: 'each account’s cached balance equals the sum of its postings',
    sql: `SELECT a.id, a.kind, a.balance_kobo::text AS cached, coalesce(p.total, 0)::text AS posted
          FROM ledger_accounts a LEFT JOIN (SELECT account_id, sum(amount_kobo) AS total FROM postings GROUP BY account_id) p ON p.account_id = a.id
          WHERE a.balance_kobo <> coalesce(p.total, 0)`,
  },
  {
    name: 'each account’s cached held money equals the sum of its open holds',
    sql: `SELECT a.id, a.kind, a.held_kobo::text AS cached, coalesce(h.total, 0)::text AS open_holds
          FROM ledger_accounts a LEFT JOIN (SELECT account_id, sum(amount_kobo) AS total FROM holds WHERE status = 'OPEN' GROUP BY account_id) h ON h.account_id = a.id
          WHERE a.held_kobo <> coalesce(h.total, 0)`,
  },
  {
    name: 'no wallet below zero (balance, and balance less open holds)',
    sql: `SELECT a.id, a.kind, a.balance_kobo::text, a.held_kobo::text,
                 (SELECT coalesce(sum(amount_kobo), 0) FROM postings p WHERE p.account_id = a.id)::text AS posted
          FROM ledger_accounts a
          WHERE a.kind IN ${WALLETS}
            AND (a.balance_kobo < 0 OR a.balance_kobo - a.held_kobo < 0
                 OR (SELECT coalesce(sum(amount_kobo), 0) FROM postings p WHERE p.account_id = a.id) < 0)`,
  },
  {
    name: 'every APPROVED request has exactly its hold open (its amount, its wallet); no other request has one open',
    sql: `SELECT r.id, r.status, r.hold_kobo::text, h.status AS hold_status, h.amount_kobo::text AS hold_amount
          FROM fuel_requests r
          LEFT JOIN holds h ON h.reference = 'fuel:' || r.id
          LEFT JOIN ledger_accounts a ON a.id = h.account_id
          WHERE (r.status = 'APPROVED' AND (h.id IS NULL OR h.status <> 'OPEN' OR h.amount_kobo <> r.hold_kobo OR a.organization_id IS DISTINCT FROM r.organization_id))
             OR (r.status <> 'APPROVED' AND h.status = 'OPEN')
             OR (r.status IN ('PENDING', 'REJECTED') AND h.id IS NOT NULL)
             OR (r.status = 'COMPLETED' AND h.id IS NOT NULL AND h.status <> 'CAPTURED')
             OR (r.status = 'EXPIRED' AND h.id IS NOT NULL AND h.status <> 'RELEASED')
          UNION ALL
          SELECT m.id, m.status, m.hold_kobo::text, h.status, h.amount_kobo::text
          FROM maintenance_requests m LEFT JOIN holds h ON h.reference = 'maintenance:' || m.id
          WHERE (m.status = 'APPROVED' AND m.hold_kobo IS NOT NULL AND (h.id IS NULL OR h.status <> 'OPEN' OR h.amount_kobo <> m.hold_kobo))
             OR (m.status <> 'APPROVED' AND h.status = 'OPEN')`,
  },
  {
    name: 'every open hold belongs to an APPROVED request',
    sql: `SELECT h.reference, h.amount_kobo::text FROM holds h
          WHERE h.status = 'OPEN'
            AND NOT EXISTS (SELECT 1 FROM fuel_requests r WHERE h.reference = 'fuel:' || r.id AND r.status = 'APPROVED')
            AND NOT EXISTS (SELECT 1 FROM maintenance_requests m WHERE h.reference = 'maintenance:' || m.id AND m.status = 'APPROVED')`,
  },
  {
    name: 'no coupon redeemed twice: one payment entry per COMPLETED request, none for the others',
    sql: `SELECT r.id, r.status, r.coupon_code, count(e.id)::int AS payments
          FROM fuel_requests r
          LEFT JOIN journal_entries e ON e.kind = 'PAYMENT' AND (e.idempotency_key = 'redeem:' || r.id OR (r.coupon_code IS NOT NULL AND e.reference = r.coupon_code))
          GROUP BY r.id
          HAVING (r.status = 'COMPLETED' AND count(e.id) <> 1) OR (r.status <> 'COMPLETED' AND count(e.id) > 0)`,
  },
  {
    name: 'no station paid twice: every station credit is the payment of exactly one COMPLETED request',
    sql: `SELECT e.idempotency_key, e.reference FROM journal_entries e
          WHERE e.kind = 'PAYMENT'
            AND EXISTS (SELECT 1 FROM postings p JOIN ledger_accounts a ON a.id = p.account_id
                        WHERE p.entry_id = e.id AND a.kind = 'STATION_WALLET' AND p.amount_kobo > 0)
            AND (SELECT count(*) FROM fuel_requests r WHERE r.payment_entry_id = e.id AND r.status = 'COMPLETED')
              + (SELECT count(*) FROM maintenance_requests m WHERE m.payment_entry_id = e.id AND m.status = 'COMPLETED') <> 1`,
  },
  {
    name: 'no request half-changed: each status has all (and only) the fields it implies',
    sql: `SELECT r.id, r.status FROM fuel_requests r
          WHERE NOT coalesce(CASE r.status
            WHEN 'PENDING' THEN r.approved_at IS NULL AND r.approved_by IS NULL AND r.price_kobo IS NULL AND r.hold_kobo IS NULL
              AND r.coupon_code IS NULL AND r.coupon_expires_at IS NULL AND r.rejected_at IS NULL AND r.redeemed_at IS NULL
              AND r.dispensed_volume IS NULL AND r.payment_entry_id IS NULL AND r.expired_at IS NULL
            WHEN 'REJECTED' THEN r.rejected_at IS NOT NULL AND r.rejected_by IS NOT NULL AND r.approved_at IS NULL
              AND r.coupon_code IS NULL AND r.hold_kobo IS NULL AND r.price_kobo IS NULL AND r.payment_entry_id IS NULL
            WHEN 'APPROVED' THEN r.approved_at IS NOT NULL AND r.approved_by IS NOT NULL AND r.price_kobo IS NOT NULL
              AND r.hold_kobo = round(r.volume * r.price_kobo) AND r.coupon_code IS NOT NULL AND r.coupon_expires_at IS NOT NULL
              AND r.redeemed_at IS NULL AND r.redeemed_by IS NULL AND r.dispensed_volume IS NULL AND r.amount_kobo IS NULL
              AND r.payment_entry_id IS NULL AND r.expired_at IS NULL AND r.rejected_at IS NULL
            WHEN 'COMPLETED' THEN r.approved_at IS NOT NULL AND r.price_kobo IS NOT NULL AND r.coupon_code IS NOT NULL
              AND r.redeemed_at IS NOT NULL AND r.redeemed_by IS NOT NULL AND r.dispensed_volume IS NOT NULL
              AND r.amount_kobo = round(r.dispensed_volume * r.price_kobo) AND r.fee_kobo IS NOT NULL AND r.expired_at IS NULL
              AND (SELECT e.idempotency_key FROM journal_entries e WHERE e.id = r.payment_entry_id) = 'redeem:' || r.id
              AND (SELECT -sum(p.amount_kobo) FROM postings p JOIN ledger_accounts a ON a.id = p.account_id
                   WHERE p.entry_id = r.payment_entry_id AND a.organization_id = r.organization_id) = r.amount_kobo
              AND (SELECT sum(p.amount_kobo) FROM postings p JOIN ledger_accounts a ON a.id = p.account_id
                   WHERE p.entry_id = r.payment_entry_id AND a.fuel_station_id = r.station_id) = r.amount_kobo - r.fee_kobo
            WHEN 'EXPIRED' THEN r.approved_at IS NOT NULL AND r.coupon_code IS NOT NULL AND r.expired_at IS NOT NULL
              AND r.redeemed_at IS NULL AND r.dispensed_volume IS NULL AND r.payment_entry_id IS NULL
            ELSE false END, false)`,
  },
  {
    name: 'reserves: remaining = amount − drawn and not returned; draws match their request’s status',
    sql: `SELECT f.id::text AS id, 'reserve' AS what, f.remaining::text AS detail FROM fuel_reserves f
          LEFT JOIN (SELECT reserve_id, sum(volume - returned) AS out FROM reserve_draws GROUP BY reserve_id) d ON d.reserve_id = f.id
          WHERE f.remaining <> f.amount - coalesce(d.out, 0)
          UNION ALL
          SELECT r.id::text, 'request ' || r.status, (d.drawn - d.returned)::text FROM fuel_requests r
          JOIN (SELECT fuel_request_id, sum(volume) AS drawn, sum(returned) AS returned FROM reserve_draws GROUP BY fuel_request_id) d ON d.fuel_request_id = r.id
          WHERE (r.status = 'APPROVED' AND (d.returned <> 0 OR d.drawn <> r.volume))
             OR (r.status = 'COMPLETED' AND d.drawn - d.returned <> r.dispensed_volume)
             OR (r.status NOT IN ('APPROVED', 'COMPLETED') AND d.drawn <> d.returned)`,
  },
  {
    name: 'no card payment credited twice: one credit per SUCCESS payment (its amount, its wallet), none otherwise',
    sql: `SELECT c.reference, c.status, count(e.id)::int AS credits,
                 (SELECT sum(p.amount_kobo) FROM postings p WHERE p.entry_id = c.entry_id AND p.account_id = c.account_id)::text AS credited
          FROM card_payments c
          LEFT JOIN journal_entries e ON e.kind = 'FUNDING' AND (e.reference = c.reference OR e.idempotency_key = 'charge:' || c.reference)
          GROUP BY c.id
          HAVING (c.status = 'SUCCESS' AND (count(e.id) <> 1 OR bool_or(e.id IS DISTINCT FROM c.entry_id)
                   OR (SELECT sum(p.amount_kobo) FROM postings p WHERE p.entry_id = c.entry_id AND p.account_id = c.account_id) IS DISTINCT FROM c.amount_kobo))
              OR (c.status <> 'SUCCESS' AND (count(e.id) > 0 OR c.entry_id IS NOT NULL))`,
  },
  {
    name: 'every card credit in the ledger belongs to a SUCCESS card payment',
    sql: `SELECT e.idempotency_key, e.reference FROM journal_entries e
          WHERE e.kind = 'FUNDING' AND NOT EXISTS (SELECT 1 FROM card_payments c WHERE c.entry_id = e.id AND c.status = 'SUCCESS')`,
  },
];

/** Runs every check on a pg client; returns [name, offending rows] for each. */
export async function runLedgerChecks(db) {
  const results = [];
  for (const check of LEDGER_CHECKS) results.push([check.name, (await db.query(check.sql)).rows]);
  return results;
}
