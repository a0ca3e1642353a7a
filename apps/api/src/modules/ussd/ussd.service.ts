/**
 * USSD for drivers on feature phones (issue 46): Africa's Talking calls back on every key press
 * with the session's whole input so far; this answers each callback with the next screen. A
 * session is kept in `ussd_sessions` between callbacks (expiring after USSD_SESSION_TIMEOUT_SECONDS
 * without one); it belongs to the driver holding the phone number once their pump PIN was right.
 * Callbacks are counted per phone number and per session, wrong PINs per driver, in the shared
 * throttle counters; sign-ins, requests raised and language changes go into the audit trail.
 */
import { DRIVER_CONFIRMATION, normalizeNigerianPhone, type Language } from '@fleetfuel/contract';
import type { Clock } from '../../platform/clock.js';
import type { Config } from '../../platform/config.js';
import type { Database } from '../../platform/db/database.js';
import { notFound } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/actor.js';
import { auditTrail } from '../audit/index.js';
import type { DelayRule, ThrottleCounters } from '../auth/index.js';
import type { UsersService } from '../users/index.js';
import * as repository from './ussd.repository.js';
import type { UssdSessionRow } from './ussd.repository.js';
import { createGatewayCheck } from './ussd-gateway.js';
import { MENU, onInput, screenOf, type MenuContext, type MenuServices, type MenuStep } from './ussd-menu.js';
import { con, end, inputsOf, replyText, type UssdReply } from './ussd-screens.js';
import { say } from './ussd-texts.js';

export interface UssdDeps {
  db: Database;
  clock: Clock;
  settings: Config['ussd'];
  services: MenuServices;
  throttles: ThrottleCounters;
}

export interface UssdCallback {
  body: { sessionId: string; serviceCode: string; phoneNumber: string; text: string };
  ip: string;
  /** The shared secret as the gateway sent it: the X-USSD-Secret header, else the `secret` query parameter. */
  secret: { header: string | string[] | undefined; query: string | undefined };
}

const MINUTE_MS = 60_000;
/** Wrong pump PINs as at the pump: the fifth in a row makes the driver wait, longer after each further one. */
const PIN_RULE: DelayRule = {
  maxFailures: DRIVER_CONFIRMATION.tries,
  quietMs: 60 * MINUTE_MS,
  firstDelayMs: DRIVER_CONFIRMATION.lockMinutes * MINUTE_MS,
  maxDelayMs: 60 * MINUTE_MS,
};
const PUMP_PIN = /^\d{4,6}$/;

type Caller = NonNullable<Awaited<ReturnType<UsersService['findByPhone']>>>;
/** What a callback leads to: the reply, and the session as it goes on (null: it ends). */
type Turn = { reply: UssdReply; next: { userId: string | null; at: MenuStep | null } | null };

const ending = (reply: UssdReply): Turn => ({ reply, next: null });

export function createUssdService(deps: UssdDeps) {
  const { db, clock, settings, services, throttles } = deps;
  const checkGateway = createGatewayCheck(settings);
  const callbackQuota = { limit: settings.maxCallbacksPerMinute, windowMs: MINUTE_MS };

  function actorOf(caller: Caller, session: UssdSessionRow, ip: string): Actor {
    return {
      userId: caller.id,
      sessionId: session.id,
      role: 'DRIVER',
      organizationId: caller.organizationId,
      fuelStationId: null,
      ipAddress: ip,
    };
  }

  function menuContext(actor: Actor, language: Language, now: Date): MenuContext {
    return {
      services,
      actor,
      language,
      now,
      audit: async (event) => {
        const common = { actor, organizationId: actor.organizationId, note: 'By USSD' };
        await (event.kind === 'request_created'
          ? auditTrail.record(db, { ...common, action: 'fuel_request.created', entityId: event.requestId, after: { status: 'PENDING' } })
          : auditTrail.record(db, {
              ...common,
              action: 'user.language_changed',
              entityId: actor.userId,
              before: { language: event.from },
              after: { language: event.to },
            }));
      },
    };
  }

  /** The menu's steps for the new inputs, then the screen where they lead. */
  async function menuTurn(context: MenuContext, from: MenuStep, inputs: readonly string[]): Promise<Turn> {
    let at = from;
    let note: Parameters<typeof screenOf>[2];
    for (const input of inputs) {
      const outcome = await onInput(context, at, input);
      if ('done' in outcome) return ending(outcome.done);
      at = outcome.at;
      note = outcome.note;
      if (outcome.language) context.language = outcome.language;
    }
    return { reply: con(await screenOf(context, at, note)), next: { userId: context.actor.userId, at } };
  }

  /** Before the PIN was right: the PIN, counted against the driver's wrong tries; what follows it goes to the menu. */
  async function pinTurn(caller: Caller, session: UssdSessionRow, ip: string, inputs: readonly string[], now: Date): Promise<Turn> {
    const language = caller.language as Language;
    if (!caller.hasPumpPin) return ending(end(say(language, 'noPin')));
    const [pin, ...rest] = inputs;
    if (pin === undefined) return { reply: con(say(language, 'welcome')), next: { userId: null, at: null } };
    const key = `ussd-pin:user:${caller.id}`;
    const counted = await throttles.attempt(key, PIN_RULE, now);
    const locked = (until: Date) =>
      ending(end(say(language, 'pinLocked', { minutes: Math.max(1, Math.ceil((until.getTime() - now.getTime()) / MINUTE_MS)) })));
    if (counted.refusedUntil) return locked(counted.refusedUntil);
    const right = PUMP_PIN.test(pin) && (await services.users.checkPumpPin(caller.id, pin)) === 'right';
    if (!right) {
      return counted.blockedUntil
        ? locked(counted.blockedUntil)
        : { reply: con(say(language, 'pinWrong')), next: { userId: null, at: null } };
    }
    await throttles.forgive(key);
    const actor = actorOf(caller, session, ip);
    await auditTrail.record(db, {
      actor,
      action: 'user.signed_in',
      entityId: caller.id,
      organizationId: caller.organizationId,
      note: 'By USSD, with the pump PIN',
    });
    return menuTurn(menuContext(actor, language, now), MENU, rest);
  }

  /** The session of this callback, opened on the first; null when it is unknown or has expired. */
  async function sessionOf(call: UssdCallback, phone: string, inputs: readonly string[], now: Date): Promise<UssdSessionRow | null> {
    const found = await repository.findSession(db, call.body.sessionId, phone);
    if (found && found.expiresAt.getTime() <= now.getTime()) {
      await repository.closeSession(db, found.id);
      return null;
    }
    if (found) return found;
    if (inputs.length > 0) return null;
    const expiresAt = new Date(now.getTime() + settings.sessionTimeoutSeconds * 1000);
    return repository.openSession(db, { gatewaySessionId: call.body.sessionId, phone, step: 'pin', expiresAt });
  }

  async function admitted(phone: string, gatewaySessionId: string, now: Date): Promise<boolean> {
    const byPhone = await throttles.admit(`ussd:phone:${phone}`, callbackQuota, now);
    const bySession = await throttles.admit(`ussd:session:${gatewaySessionId}`, callbackQuota, now);
    return byPhone && bySession;
  }

  async function turnOf(call: UssdCallback, now: Date): Promise<{ turn: Turn; session: UssdSessionRow | null; inputs: number }> {
    const phone = normalizeNigerianPhone(call.body.phoneNumber);
    const caller = phone ? await services.users.findByPhone(phone) : undefined;
    // Only a driver's own language: another role's would tell that the number is known.
    const language = (caller?.role === 'DRIVER' ? caller.language : 'en') as Language;
    const inputs = inputsOf(call.body.text);
    const none = (key: Parameters<typeof say>[1]) => ({ turn: ending(end(say(language, key))), session: null, inputs: inputs.length });
    if (!phone) return none('unknownNumber');
    if (!(await admitted(phone, call.body.sessionId, now))) return none('throttled');
    // Whether the number is unknown, another role's, or a driver's of any organization: the same answer.
    if (!caller || caller.role !== 'DRIVER') return none('unknownNumber');
    if (caller.status !== 'ACTIVE' || caller.frozen || caller.erased) return none('blocked');
    const session = await sessionOf(call, phone, inputs, now);
    if (!session || (session.userId !== null && session.userId !== caller.id)) return { ...none('timedOut'), session };
    const fresh = inputs.slice(session.inputsRead);
    if (session.userId === null) return { turn: await pinTurn(caller, session, call.ip, fresh, now), session, inputs: inputs.length };
    const context = menuContext(actorOf(caller, session, call.ip), language, now);
    return { turn: await menuTurn(context, session.state as MenuStep, fresh), session, inputs: inputs.length };
  }

  return {
    /** One callback of the gateway: the reply's text (`CON …` or `END …`). */
    async answer(call: UssdCallback): Promise<string> {
      if (!settings.enabled) throw notFound('USSD');
      checkGateway({ ip: call.ip, secret: typeof call.secret.header === 'string' ? call.secret.header : call.secret.query });
      const now = clock.now();
      const { turn, session, inputs } = await turnOf(call, now);
      if (session && turn.next) {
        const at = turn.next.at;
        await repository.saveSession(db, session.id, {
          userId: turn.next.userId,
          step: at?.step ?? 'pin',
          state: at ?? {},
          inputsRead: inputs,
          expiresAt: new Date(now.getTime() + settings.sessionTimeoutSeconds * 1000),
        });
      } else if (session) {
        await repository.closeSession(db, session.id);
      }
      return replyText(turn.reply);
    },

    /** Sessions past their timeout are deleted (hourly); returns how many. */
    purgeExpired: (): Promise<number> => repository.purgeExpiredSessions(db, clock.now()),
  };
}

export type UssdService = ReturnType<typeof createUssdService>;
