import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.js';
import { containsPattern } from '../../platform/db/search.js';
import { pageWithTotal } from '../../platform/db/page-with-total.js';

function ticketViews(db: Database) {
  return db
    .selectFrom('support_tickets as t')
    .innerJoin('users as u', 'u.id', 't.opened_by')
    .leftJoin('organizations as o', 'o.id', 't.organization_id')
    .leftJoin('fuel_stations as f', 'f.id', 't.fuel_station_id')
    .selectAll('t')
    .select(['u.name as opener_name', 'u.role as opener_role', sql<string | null>`coalesce(o.name, f.name)`.as('tenant_name')])
    .select((eb) =>
      eb
        .selectFrom('support_replies as r')
        .select((e) => e.fn.countAll<string>().as('n'))
        .whereRef('r.ticket_id', '=', 't.id')
        .as('replies_count'),
    );
}

export type TicketRow = NonNullable<Awaited<ReturnType<typeof findTicket>>>;

/** A ticket by id; `openedBy` limits it to that user's own tickets. */
export function findTicket(db: Database, id: string, openedBy: string | null) {
  return ticketViews(db)
    .where('t.id', '=', id)
    .$if(openedBy !== null, (q) => q.where('t.opened_by', '=', openedBy as string))
    .executeTakeFirst();
}

export async function listTickets(
  db: Database,
  openedBy: string | null,
  filters: { search?: string | undefined; status?: string | undefined; page: number; pageSize: number },
) {
  let query = ticketViews(db).$if(openedBy !== null, (q) => q.where('t.opened_by', '=', openedBy as string));
  if (filters.search)
    query = query.where(sql<string>`t.subject || ' ' || t.message || ' ' || u.name`, 'ilike', containsPattern(filters.search));
  if (filters.status) query = query.where('t.status', '=', filters.status);
  return pageWithTotal(query, filters, (q) => q.orderBy('t.updated_at', 'desc').orderBy('t.id'));
}

export function repliesOf(db: Database, ticketId: string) {
  return db
    .selectFrom('support_replies as r')
    .innerJoin('users as u', 'u.id', 'r.author_id')
    .select(['r.id', 'r.message', 'r.created_at', 'u.id as author_id', 'u.name as author_name', 'u.role as author_role'])
    .where('r.ticket_id', '=', ticketId)
    .orderBy('r.created_at')
    .execute();
}

export async function insertTicket(
  db: Database,
  values: {
    openedBy: string;
    organizationId: string | null;
    fuelStationId: string | null;
    subject: string;
    message: string;
    attachmentKey: string | null;
  },
): Promise<string> {
  const row = await db
    .insertInto('support_tickets')
    .values({
      opened_by: values.openedBy,
      organization_id: values.organizationId,
      fuel_station_id: values.fuelStationId,
      subject: values.subject,
      message: values.message,
      attachment_key: values.attachmentKey,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertReply(db: Database, ticketId: string, authorId: string, message: string): Promise<void> {
  await db.insertInto('support_replies').values({ ticket_id: ticketId, author_id: authorId, message }).execute();
}

export async function setStatus(db: Database, ticketId: string, status: 'OPEN' | 'ANSWERED' | 'CLOSED'): Promise<void> {
  await db
    .updateTable('support_tickets')
    .set({ status, updated_at: sql<Date>`clock_timestamp()`, closed_at: status === 'CLOSED' ? sql<Date>`clock_timestamp()` : null })
    .where('id', '=', ticketId)
    .execute();
}
