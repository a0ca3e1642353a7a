/**
 * Support tickets: any signed-in user opens one and follows its replies; the platform admin sees
 * every ticket, answers (the opener is e-mailed) and closes it. Another user's ticket answers
 * "not found".
 */
import type { ListQuery, Ticket } from '@fleetfuel/contract';
import type { Database } from '../../platform/db/database.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/actor.js';
import type { UploadedFile } from '../../platform/http/uploads.js';
import type { FilesService } from '../files/index.js';
import type { NotificationsService } from '../notifications/index.js';
import * as repository from './support.repository.js';
import type { TicketRow } from './support.repository.js';

export function createSupportService(deps: {
  db: Database;
  files: FilesService;
  notifications: NotificationsService;
  contact: { email: string; phone: string; hours: string };
}) {
  const { db, files, notifications } = deps;
  const ownerFilter = (actor: Actor) => (actor.role === 'ADMIN' ? null : actor.userId);

  const toTicket = (row: TicketRow, replies: Awaited<ReturnType<typeof repository.repliesOf>>): Ticket => ({
    id: row.id,
    subject: row.subject,
    message: row.message,
    status: row.status as Ticket['status'],
    openedBy: { id: row.opened_by, name: row.opener_name, role: row.opener_role },
    tenant: row.tenant_name,
    attachmentUrl: files.url(row.attachment_key),
    replies: replies.map((reply) => ({
      id: reply.id,
      message: reply.message,
      author: { id: reply.author_id, name: reply.author_name, role: reply.author_role },
      createdAt: reply.created_at.toISOString(),
    })),
    repliesCount: Number(row.replies_count ?? 0),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    closedAt: row.closed_at?.toISOString() ?? null,
  });

  async function find(actor: Actor, id: string): Promise<TicketRow> {
    const row = await repository.findTicket(db, id, ownerFilter(actor));
    if (!row) throw notFound('Ticket');
    return row;
  }

  async function view(id: string): Promise<Ticket> {
    const row = await repository.findTicket(db, id, null);
    if (!row) throw notFound('Ticket');
    return toTicket(row, await repository.repliesOf(db, id));
  }

  return {
    contact: () => deps.contact,

    async list(actor: Actor, query: ListQuery & { status?: Ticket['status'] }) {
      const { rows, total } = await repository.listTickets(db, ownerFilter(actor), query);
      return { tickets: rows.map((row) => toTicket(row, [])), total };
    },

    get: async (actor: Actor, id: string) => view((await find(actor, id)).id),

    async create(actor: Actor, body: { subject: string; message: string }, attachment: UploadedFile | undefined) {
      const id = await db.transaction().execute(async (trx) => {
        const attachmentKey = attachment
          ? await files.store(
              attachment,
              'document',
              {
                purpose: 'SUPPORT_ATTACHMENT',
                organizationId: actor.organizationId,
                fuelStationId: actor.fuelStationId,
                uploadedBy: actor.userId,
              },
              trx,
            )
          : null;
        return repository.insertTicket(trx, {
          openedBy: actor.userId,
          organizationId: actor.organizationId,
          fuelStationId: actor.fuelStationId,
          subject: body.subject,
          message: body.message,
          attachmentKey,
        });
      });
      return { message: 'Ticket opened; we will answer by e-mail and here', ticket: await view(id) };
    },

    async reply(actor: Actor, id: string, message: string) {
      const ticket = await find(actor, id);
      if (ticket.status === 'CLOSED') throw new AppError('RULE_VIOLATION', 'This ticket is closed; open a new one');
      const byAdmin = actor.role === 'ADMIN' && ticket.opened_by !== actor.userId;
      await notifications.sendingAfterCommit(async (trx) => {
        await repository.insertReply(trx, id, actor.userId, message);
        await repository.setStatus(trx, id, byAdmin ? 'ANSWERED' : 'OPEN');
        if (byAdmin) {
          await notifications.notify(
            trx,
            'supportReplies',
            [ticket.opened_by],
            { template: 'supportReply', params: { subject: ticket.subject, message } },
            ticket.organization_id,
          );
        }
      });
      return { message: byAdmin ? 'Answer sent' : 'Reply added', ticket: await view(id) };
    },

    async close(actor: Actor, id: string) {
      const ticket = await find(actor, id);
      if (ticket.status === 'CLOSED') throw new AppError('RULE_VIOLATION', 'This ticket is already closed');
      await repository.setStatus(db, id, 'CLOSED');
      return { message: 'Ticket closed', ticket: await view(id) };
    },
  };
}

export type SupportService = ReturnType<typeof createSupportService>;
