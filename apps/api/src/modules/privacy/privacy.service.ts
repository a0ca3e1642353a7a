/**
 * Personal data under the NDPA 2023 (issue 45; docs/privacy.md). A person reads everything the
 * platform holds about them; an organization's admin answers a driver's request for access or
 * erasure, the platform admin anyone's. Erasure anonymizes the person in one transaction and keeps
 * the ids and amounts that the ledger, requests and audit trail stand on; the retention purge
 * deletes what is older than its settings, a bounded batch at a time.
 */
import { ERASED_PERSON_NAME, PERSONAL_DATA_EXPORT_LIMIT, koboToNaira, type PersonalDataExport, type Role } from '@fleetfuel/contract';
import { ERASED_ACCOUNT_PASSWORD } from '../../platform/auth/passwords.js';
import type { Clock } from '../../platform/clock.js';
import type { Database } from '../../platform/db/database.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/actor.js';
import { auditRecordOf, auditTrail } from '../audit/index.js';
import type { FilesService } from '../files/index.js';
import { wordForReading, type NotificationsService } from '../notifications/index.js';
import type { SessionsService } from '../sessions/index.js';
import type { UsersService } from '../users/index.js';
import * as repository from './privacy.repository.js';

export const OPEN_COUPON_MESSAGE = 'This person holds an open coupon; erase them once it is redeemed or expires';

const DAY_MS = 86_400_000;
/** Rows one purge statement deletes: short transactions, whatever the backlog. */
const PURGE_BATCH = 1_000;

interface RetentionDays {
  sessionDays: number;
  signInAttemptDays: number;
}

/** The first `limit` rows, and whether there were more. */
function capped<T>(rows: T[], limit: number): { rows: T[]; truncated: boolean } {
  return { rows: rows.slice(0, limit), truncated: rows.length > limit };
}

const iso = (at: Date | null) => at?.toISOString() ?? null;
const numberOrNull = (value: string | null) => (value === null ? null : Number(value));
const nairaOrNull = (kobo: string | null) => (kobo === null ? null : koboToNaira(kobo));

/** The e-mail an erased account keeps: unique (users_email_key), and an address nobody receives (.invalid, RFC 2606). */
const erasedEmail = (id: string) => `erased-${id}@erased.invalid`;

type Exported = PersonalDataExport;
type Row<F extends (...args: never[]) => Promise<unknown>> = Awaited<ReturnType<F>> extends Array<infer R> ? R : never;

function exportedPerson(person: repository.PersonRow, photoUrl: string | null): Omit<Exported['person'], 'notificationPreferences'> {
  return {
    id: person.id,
    name: person.name,
    title: person.title,
    email: person.email,
    phone: person.phone,
    role: person.role as Role,
    status: person.status as Exported['person']['status'],
    organization: person.organization_name,
    fuelStation: person.station_name,
    group: person.department_name,
    photoUrl,
    pumpPinSet: person.pump_pin_set,
    stationPinSet: person.station_pin_set,
    frozenReason: person.frozen_reason,
    createdAt: person.created_at.toISOString(),
    erasedAt: iso(person.erased_at),
  };
}

function exportedSession(row: Row<typeof repository.sessionsOf>): Exported['sessions'][number] {
  return {
    id: row.id,
    createdAt: row.created_at.toISOString(),
    lastUsedAt: row.last_used_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
    endedAt: iso(row.ended_at),
    endReason: row.end_reason,
    userAgent: row.user_agent,
    ipAddress: row.ip_address,
  };
}

function exportedFuelRequest(row: Row<typeof repository.fuelRequestsOf>): Exported['requests']['fuel'][number] {
  return {
    id: row.id,
    asRequester: row.as_requester,
    asDriver: row.as_driver,
    status: row.status,
    vehicle: row.plate_number,
    station: row.station_name,
    fuelType: row.fuel_type,
    volume: Number(row.volume),
    supplyDate: row.supply_date,
    odometer: numberOrNull(row.odometer),
    note: row.note,
    amount: nairaOrNull(row.amount_kobo),
    dispensedVolume: numberOrNull(row.dispensed_volume),
    createdAt: row.created_at.toISOString(),
    approvedAt: iso(row.approved_at),
    redeemedAt: iso(row.redeemed_at),
  };
}

function exportedMaintenanceRequest(row: Row<typeof repository.maintenanceRequestsOf>): Exported['requests']['maintenance'][number] {
  return {
    id: row.id,
    status: row.status,
    vehicle: row.plate_number,
    station: row.station_name,
    description: row.description,
    serviceDate: row.service_date,
    cost: koboToNaira(row.cost_kobo),
    finalCost: nairaOrNull(row.final_cost_kobo),
    note: row.note,
    createdAt: row.created_at.toISOString(),
    approvedAt: iso(row.approved_at),
    completedAt: iso(row.completed_at),
  };
}

function exportedMessage(row: Row<typeof repository.messagesTo>): Exported['messages'][number] {
  const { subject, body } = wordForReading(row);
  return {
    id: row.id,
    channel: row.channel,
    recipient: row.recipient,
    subject,
    body,
    status: row.status,
    createdAt: row.created_at.toISOString(),
    sentAt: iso(row.sent_at),
  };
}

function exportedAuditEntry(row: Row<typeof repository.auditEntriesOf>): Exported['auditEntries'][number] {
  return {
    id: row.id,
    occurredAt: row.occurred_at.toISOString(),
    as: row.as_actor ? 'ACTOR' : 'SUBJECT',
    ...auditRecordOf(row),
  };
}

export function createPrivacyService(deps: {
  db: Database;
  users: UsersService;
  sessions: SessionsService;
  files: FilesService;
  notifications: NotificationsService;
  clock: Clock;
  retention: RetentionDays;
}) {
  const { db, users, sessions, files, notifications, clock } = deps;

  async function exportOf(userId: string): Promise<PersonalDataExport> {
    const limit = PERSONAL_DATA_EXPORT_LIMIT;
    const person = await repository.findPerson(db, userId);
    if (!person) throw notFound('User');
    const addresses = [person.email, person.phone].filter((address): address is string => Boolean(address));
    // One row beyond the limit tells whether the list was cut.
    const [sessionRows, fuelRows, maintenanceRows, messageRows, auditRows, preferences] = await Promise.all([
      repository.sessionsOf(db, userId, limit + 1),
      repository.fuelRequestsOf(db, userId, limit + 1),
      repository.maintenanceRequestsOf(db, userId, limit + 1),
      repository.messagesTo(db, userId, addresses, limit + 1),
      repository.auditEntriesOf(db, userId, limit + 1),
      notifications.preferences(userId),
    ]);
    const sessionList = capped(sessionRows, limit);
    const fuel = capped(fuelRows, limit);
    const maintenance = capped(maintenanceRows, limit);
    const messages = capped(messageRows, limit);
    const audit = capped(auditRows, limit);
    return {
      exportedAt: clock.now().toISOString(),
      limit,
      person: { ...exportedPerson(person, files.url(person.image_key)), notificationPreferences: preferences },
      sessions: sessionList.rows.map(exportedSession),
      requests: { fuel: fuel.rows.map(exportedFuelRequest), maintenance: maintenance.rows.map(exportedMaintenanceRequest) },
      messages: messages.rows.map(exportedMessage),
      auditEntries: audit.rows.map(exportedAuditEntry),
      truncated: {
        sessions: sessionList.truncated,
        fuelRequests: fuel.truncated,
        maintenanceRequests: maintenance.truncated,
        messages: messages.truncated,
        auditEntries: audit.truncated,
      },
    };
  }

  /**
   * Anonymizes the person in one transaction: the row keeps its id, role and tenant (the ledger,
   * requests and audit point at it) under a placeholder name and address, cannot sign in again, and
   * loses its PINs, photo, sessions' devices and addresses, reset links, sign-in attempts and the
   * outbox's messages to it. Refused while the person holds an open coupon, which a station could
   * still redeem in their name.
   */
  async function erase(actor: Actor, userId: string) {
    if (userId === actor.userId) throw new AppError('RULE_VIOLATION', 'You cannot erase your own account; ask another administrator');
    const at = clock.now();
    const discarded = await db.transaction().execute(async (trx) => {
      const person = await repository.lockPerson(trx, userId);
      if (!person) throw notFound('User');
      if (person.erased_at) {
        throw new AppError('CONFLICT', `This person's personal data was already erased on ${person.erased_at.toISOString().slice(0, 10)}`);
      }
      if (await repository.holdsOpenCoupon(trx, userId)) throw new AppError('CONFLICT', OPEN_COUPON_MESSAGE);
      const contacts = [person.email, person.phone].filter((contact): contact is string => Boolean(contact));
      await sessions.endAllOf(userId, 'ERASED', { db: trx });
      await repository.forgetSessionClients(trx, userId);
      await repository.deleteResetTokens(trx, userId);
      await repository.deleteSignInAttemptsOf(trx, contacts);
      await repository.deleteMessagesTo(trx, userId, contacts);
      await repository.anonymizeUser(trx, userId, {
        name: ERASED_PERSON_NAME,
        email: erasedEmail(userId),
        passwordHash: ERASED_ACCOUNT_PASSWORD,
        at,
      });
      // After the row lets go of it (users.image_key references the file's record).
      const photos = person.image_key ? await files.forget(trx, { keys: [person.image_key] }) : [];
      await auditTrail.record(trx, {
        actor,
        action: 'user.erased',
        entityId: userId,
        organizationId: person.organization_id,
        stationId: person.fuel_station_id,
        after: { erased: true },
      });
      return photos;
    });
    // The photo's bytes go once the erasure committed; a rolled-back erasure keeps them.
    await files.discard(discarded);
    return {
      message: 'The personal data was erased; the records that hold money and decisions keep their ids and amounts',
      erasedAt: at.toISOString(),
    };
  }

  /** Runs `purge` in batches until a batch comes back short; returns how many rows went. */
  async function purgeAll(purge: (db: Database, before: Date, limit: number) => Promise<number>, days: number): Promise<number> {
    const before = new Date(clock.now().getTime() - days * DAY_MS);
    let purged = 0;
    for (;;) {
      const deleted = await purge(db, before, PURGE_BATCH);
      purged += deleted;
      if (deleted < PURGE_BATCH) return purged;
    }
  }

  return {
    exportOwn: (actor: Actor) => exportOf(actor.userId),

    async exportDriver(actor: Actor, id: string) {
      await users.getDriver(actor, id);
      return exportOf(id);
    },

    async eraseDriver(actor: Actor, id: string) {
      await users.getDriver(actor, id);
      return erase(actor, id);
    },

    exportAccount: (id: string) => exportOf(id),

    eraseAccount: (actor: Actor, id: string) => erase(actor, id),

    /** Scheduled: deletes sessions and sign-in attempts older than their retention; returns how many of each. */
    async purgeExpiredPersonalData(): Promise<{ sessions: number; signInAttempts: number }> {
      return {
        sessions: await purgeAll(repository.purgeFinishedSessions, deps.retention.sessionDays),
        signInAttempts: await purgeAll(repository.purgeSignInAttempts, deps.retention.signInAttemptDays),
      };
    },
  };
}

export type PrivacyService = ReturnType<typeof createPrivacyService>;
