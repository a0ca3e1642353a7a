/**
 * Wallet statements: the opening balance at the start of `from` (Lagos), every posting on the
 * wallet in the period oldest first with what caused it and the running balance, totals per kind,
 * the closing balance, and a reconciliation line that is checked, not assumed: opening + the sum of
 * the rows must equal the ledger's balance at the end of `to`. If it ever does not, the statement
 * says so in capitals rather than print a line that looks right. Both formats read the postings in
 * keyset batches, so a statement of thousands of rows stays one batch deep in memory.
 */
import { Readable } from 'node:stream';
import { formatNaira, lagosDateTime } from '@fleetfuel/contract';
import { addDays, lagosDate, type Clock } from '../../platform/clock.js';
import { CSV_BOM, csvLine, koboCell, textCell } from '../../platform/csv.js';
import type { Database } from '../../platform/db/database.js';
import { invalidField, notFound } from '../../platform/errors.js';
import { walletOwnerOf } from './wallet-access.js';
import type { Actor } from '../../platform/http/actor.js';
import { money } from '../../platform/pdf/document.js';
import type { ReportRenderer } from '../../platform/pdf/report-renderer.js';
import type { Column } from '../../platform/pdf/table.js';
import * as wallets from './wallet.repository.js';
import { balanceBefore, movementsBatch, type MovementRow, type StatementCursor } from './statement.repository.js';

/** Postings read, and handed to the CSV stream or the PDF worker, at a time. */
const BATCH_ROWS = 500;

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** What a posting on a wallet was, in the statement's words. */
export function movementKind(row: Pick<MovementRow, 'type' | 'fuel_request_id' | 'maintenance_id' | 'payout_reference'>): string {
  switch (row.type) {
    case 'PAYMENT':
      return row.fuel_request_id ? 'Fuel redemption' : row.maintenance_id ? 'Maintenance job' : 'Payment';
    case 'PAYOUT':
      return 'Payout';
    case 'REFUND':
      return row.payout_reference ? 'Payout reversal' : 'Refund';
    case 'FUNDING':
      return 'Card funding';
    case 'CREDIT':
    case 'DEBIT':
      return 'Adjustment';
    case 'SUBSCRIPTION':
      return 'Subscription';
    case 'FEE':
      return 'Fee';
    default:
      return row.type;
  }
}

/**
 * The line that proves the statement: opening + movements = closing, where closing is the ledger's
 * balance at the end of the period, read separately. When they differ the line says so in capitals.
 */
export function reconciliation(opening: bigint, movements: bigint, closing: bigint, format: (kobo: bigint) => string) {
  const reconciles = opening + movements === closing;
  const line = reconciles
    ? `Opening ${format(opening)} + movements ${format(movements)} = closing ${format(closing)}`
    : `DOES NOT RECONCILE: opening ${format(opening)} + movements ${format(movements)} = ${format(opening + movements)}, but the ledger's closing balance is ${format(closing)}`;
  return { reconciles, line };
}

export interface StatementOwner {
  accountId: string;
  kind: 'STATION' | 'ORGANIZATION';
  name: string;
}

/** What both formats of one statement are drawn from. */
interface StatementFrame {
  owner: StatementOwner;
  /** The period's first and last Lagos days, as asked or defaulted. */
  from: string;
  to: string;
  /** The period as instants, [from, until). */
  period: { from: Date; until: Date };
  /** The ledger's balances at the start and at the end of the period. */
  opening: bigint;
  closing: bigint;
  filename: string;
  /** Who was on the other side of a movement: the organization for a station's wallet, the station for an organization's. */
  counterparty: (row: MovementRow) => string | null;
}

/** The statement's days (today when none is given, the other one's day when one is) and their instants. */
function statementPeriod(query: { from?: string | undefined; to?: string | undefined }, today: string) {
  const from = query.from ?? (query.to && query.to < today ? query.to : today);
  const to = query.to ?? (from > today ? from : today);
  if (from > to) throw invalidField('to', 'The start date must be on or before the end date');
  // Lagos is UTC+1 all year: a Lagos day starts at 23:00 UTC the day before.
  const period = { from: new Date(`${from}T00:00:00+01:00`), until: new Date(`${addDays(to, 1)}T00:00:00+01:00`) };
  return { from, to, period };
}

const counterpartyHeader = (owner: StatementOwner) => (owner.kind === 'STATION' ? 'Organization' : 'Station');

/** The columns of the PDF's table of movements. */
function movementColumns(owner: StatementOwner): Column[] {
  return [
    { header: 'Date/time', weight: 1.3 },
    { header: 'Kind', weight: 1.1 },
    { header: 'Reference', weight: 1.2 },
    { header: 'Vehicle', weight: 0.9 },
    { header: counterpartyHeader(owner), weight: 1.2 },
    { header: 'Fuel', weight: 0.6 },
    { header: 'Volume (L)', weight: 0.7, align: 'right' },
    { header: 'Price/L', weight: 0.8, align: 'right' },
    { header: 'Gross', weight: 1, align: 'right' },
    { header: 'Fee', weight: 0.8, align: 'right' },
    { header: 'Net', weight: 1, align: 'right' },
    { header: 'Balance', weight: 1.1, align: 'right' },
  ];
}

export function createStatementService(deps: { db: Database; clock: Clock; renderer: ReportRenderer }) {
  const { db, clock, renderer } = deps;

  async function ownerOf(
    actor: Actor,
    query: { stationId?: string | undefined; organizationId?: string | undefined },
  ): Promise<StatementOwner> {
    if (actor.role === 'ADMIN' && query.stationId && query.organizationId)
      throw invalidField('stationId', 'Name either a stationId or an organizationId, not both');
    const owner = walletOwnerOf(actor, query, () => invalidField('stationId', 'Name the stationId or organizationId of the wallet'));
    const found = await wallets.findWalletIdOf(db, owner);
    const view = found ? await wallets.findWalletView(db, found.id) : undefined;
    if (!view) throw notFound('Wallet');
    const isStation = view.kind === 'STATION_WALLET';
    return {
      accountId: view.id,
      kind: isStation ? 'STATION' : 'ORGANIZATION',
      name: (isStation ? view.station_name : view.organization_name) ?? '',
    };
  }

  /** Every movement of the period, batch by batch, with the running balance carried from `opening`. */
  async function* movements(accountId: string, period: { from: Date; until: Date }) {
    let cursor: StatementCursor | null = null;
    for (;;) {
      const rows = await movementsBatch(db, accountId, period, cursor, BATCH_ROWS);
      if (rows.length === 0) return;
      yield rows;
      const last = rows[rows.length - 1] as MovementRow;
      cursor = { createdAt: last.created_at, id: last.id };
      if (rows.length < BATCH_ROWS) return;
    }
  }

  /** Sums the rows as they pass and, at the end, checks the sum against the ledger. */
  function tally(opening: bigint, closing: bigint, format: (kobo: bigint) => string) {
    let running = opening;
    let movementsTotal = 0n;
    const perKind = new Map<string, { count: number; total: bigint }>();
    return {
      add(row: MovementRow) {
        const amount = BigInt(row.amount_kobo);
        running += amount;
        movementsTotal += amount;
        const kind = movementKind(row);
        const sum = perKind.get(kind) ?? { count: 0, total: 0n };
        perKind.set(kind, { count: sum.count + 1, total: sum.total + amount });
        return { kind, amount, running };
      },
      summary() {
        const { reconciles, line } = reconciliation(opening, movementsTotal, closing, format);
        return { reconciles, line, movementsTotal, perKind: [...perKind.entries()] };
      },
    };
  }

  /** The statement's CSV, streamed a batch of movements at a time, its summary rows at the end. */
  function csvStatement(statement: StatementFrame) {
    const { owner, period, opening, closing, counterparty } = statement;
    const header = [
      'Date/time',
      'Kind',
      'Reference',
      'Vehicle',
      counterpartyHeader(owner),
      'Fuel',
      'Volume (L)',
      'Price per litre',
      'Gross',
      'Fee',
      'Net',
      'Balance',
    ];
    const accountMovements = movements(owner.accountId, period);
    async function* csv() {
      yield `${CSV_BOM}${csvLine(header.map(textCell))}`;
      const sums = tally(opening, closing, formatNaira);
      for await (const rows of accountMovements) {
        let chunk = '';
        for (const row of rows) {
          const { kind, amount, running } = sums.add(row);
          chunk += csvLine([
            textCell(lagosDateTime(row.created_at)),
            textCell(kind),
            textCell(row.reference),
            textCell(row.plate_number),
            textCell(counterparty(row)),
            textCell(row.fuel_type),
            row.volume ?? '',
            koboCell(row.price_kobo === null ? null : BigInt(row.price_kobo)),
            koboCell(row.gross_kobo === null ? null : BigInt(row.gross_kobo)),
            koboCell(BigInt(row.fee_kobo)),
            koboCell(amount),
            koboCell(running),
          ]);
        }
        yield chunk;
      }
      const summary = sums.summary();
      // Summary rows keep the columns: a label first, the amount under Net (totals) or Balance (opening, closing).
      const gap = (cells: number) => Array<string>(cells).fill('');
      let tail = csvLine([textCell('Opening balance'), ...gap(header.length - 2), koboCell(opening)]);
      for (const [kind, sum] of summary.perKind)
        tail += csvLine([textCell(`Total: ${kind} (${sum.count})`), ...gap(header.length - 3), koboCell(sum.total), '']);
      tail += csvLine([textCell('Closing balance'), ...gap(header.length - 2), koboCell(closing)]);
      tail += csvLine([textCell(summary.line), ...gap(header.length - 1)]);
      yield tail;
    }
    return { format: 'csv' as const, filename: statement.filename, stream: Readable.from(csv()) };
  }

  /** The statement's PDF: the movements' table, read afresh on each render pass, then the summary of that pass. */
  async function pdfStatement(statement: StatementFrame) {
    const { owner, period, opening, closing, counterparty } = statement;
    // The PDF's standard font has no naira sign: amounts read NGN there, as in the reports.
    const optionalMoney = (kobo: string | null) => (kobo === null ? '' : money(BigInt(kobo)));
    // Each render pass reads the movements afresh; the summary table comes after them and reads that pass's sums.
    let sums = tally(opening, closing, money);
    const document = await renderer.render({
      title: `${owner.kind === 'STATION' ? 'Station' : 'Organization'} wallet statement`,
      orientation: 'landscape',
      heading: { organization: owner.name, period: `${statement.from} to ${statement.to}`, generatedAt: lagosDateTime(clock.now()) },
      tables: [
        {
          title: `Opening balance ${money(opening)} at the start of ${statement.from}`,
          columns: movementColumns(owner),
          read: () => {
            sums = tally(opening, closing, money);
            const pass = sums;
            const accountMovements = movements(owner.accountId, period);
            async function* batches() {
              for await (const rows of accountMovements)
                yield rows.map((row) => {
                  const { kind, amount, running } = pass.add(row);
                  return [
                    lagosDateTime(row.created_at),
                    kind,
                    row.reference ?? '',
                    row.plate_number ?? '',
                    counterparty(row) ?? '',
                    row.fuel_type ?? '',
                    row.volume ?? '',
                    optionalMoney(row.price_kobo),
                    optionalMoney(row.gross_kobo),
                    money(BigInt(row.fee_kobo)),
                    money(amount),
                    money(running),
                  ];
                });
            }
            return { batches: batches() };
          },
        },
        {
          title: 'Summary',
          columns: [
            { header: 'Line', weight: 4 },
            { header: 'Amount', weight: 1, align: 'right' },
          ],
          read: () => {
            const summary = sums.summary();
            return {
              batches: [
                [
                  ['Opening balance', money(opening)],
                  ...summary.perKind.map(([kind, sum]) => [`Total: ${kind} (${sum.count})`, money(sum.total)]),
                  ['Closing balance', money(closing)],
                  [summary.line, ''],
                ],
              ],
            };
          },
        },
      ],
    });
    return { format: 'pdf' as const, filename: statement.filename, ...document };
  }

  return {
    async statement(
      actor: Actor,
      query: {
        stationId?: string | undefined;
        organizationId?: string | undefined;
        from?: string | undefined;
        to?: string | undefined;
        format: 'pdf' | 'csv';
      },
    ) {
      const owner = await ownerOf(actor, query);
      const { from, to, period } = statementPeriod(query, lagosDate(clock.now()));
      const [opening, closing] = await Promise.all([
        balanceBefore(db, owner.accountId, period.from),
        balanceBefore(db, owner.accountId, period.until),
      ]);
      const statement: StatementFrame = {
        owner,
        from,
        to,
        period,
        opening,
        closing,
        filename: `statement-${slug(owner.name)}-${from}-to-${to}.${query.format}`,
        counterparty: (row) => (owner.kind === 'STATION' ? row.organization_name : row.station_name),
      };
      return query.format === 'csv' ? csvStatement(statement) : pdfStatement(statement);
    },
  };
}
