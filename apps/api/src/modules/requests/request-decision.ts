/**
 * The one sequence of every decision on a fuel or maintenance request (approve, reject, redeem,
 * complete): lock → check → change → audit → webhook → notify, in one transaction, with the money
 * last (docs/decisions/006: the request's own rows first, the wallets in the last statements, so a
 * shared wallet is held for one round trip and the commit). Messages go out once it commits.
 */
import type { ErrorCode } from '@fleetfuel/contract';
import type { Database } from '../../platform/db/database.js';
import { AppError, notFound } from '../../platform/errors.js';
import { auditTrail, type AuditRecord } from '../audit/index.js';
import type { NotificationsService } from '../notifications/index.js';

/**
 * A refusal whose writes must stay: an expired coupon is expired for good and its money goes back,
 * a wrong PIN is counted. The decision commits what it wrote, then answers 422 with the message.
 */
export class RefusalKept {
  constructor(
    readonly message: string,
    readonly code: ErrorCode = 'RULE_VIOLATION',
    readonly details: AppError['details'] = {},
  ) {}
}

export interface DecisionSteps<Locked, Checked, Changed> {
  /** What is answered 404 when `lock` finds nothing, e.g. 'Fuel request'. */
  entity: string;
  /** The request's row, locked until commit; undefined (or not the caller's) answers 404. */
  lock(trx: Database): Promise<Locked | undefined>;
  /** Every rule; throws the refusal, or returns what the change needs (read and locked here). */
  check(trx: Database, locked: Locked): Checked | RefusalKept | Promise<Checked | RefusalKept>;
  /** The request's own writes; `entryId` names the payment when the money step is a capture. */
  change(trx: Database, locked: Locked, checked: Checked, entryId: string | null): Promise<Changed>;
  audit(locked: Locked, checked: Checked, changed: Changed): AuditRecord;
  /** The change's event to the organization's webhooks, if it is one of the lifecycle's. */
  webhook?(trx: Database, changed: Changed): Promise<void>;
  /** The messages of the decision, written in its transaction and sent after the commit. */
  notify?(trx: Database, locked: Locked, checked: Checked, changed: Changed): Promise<void>;
  /**
   * The money, last. `record` runs change → audit → webhook → notify: a hold runs it and then
   * holds; a capture runs it inside the capture, which names the payment's entry. None: just `record`.
   */
  money?(trx: Database, locked: Locked, checked: Checked, record: (entryId: string | null) => Promise<Changed>): Promise<void>;
}

/** Runs one decision; its value is what the change wrote. */
export async function decide<Locked, Checked, Changed>(
  notifications: Pick<NotificationsService, 'sendingAfterCommit'>,
  steps: DecisionSteps<Locked, Checked, Changed>,
): Promise<Changed> {
  const outcome = await notifications.sendingAfterCommit(async (trx): Promise<{ changed: Changed } | RefusalKept> => {
    const locked = await steps.lock(trx);
    if (locked === undefined) throw notFound(steps.entity);
    const checked = await steps.check(trx, locked);
    if (checked instanceof RefusalKept) return checked;
    let changed: { value: Changed } | null = null;
    const record = async (entryId: string | null): Promise<Changed> => {
      const value = await steps.change(trx, locked, checked, entryId);
      await auditTrail.record(trx, steps.audit(locked, checked, value));
      await steps.webhook?.(trx, value);
      await steps.notify?.(trx, locked, checked, value);
      changed = { value };
      return value;
    };
    if (steps.money) await steps.money(trx, locked, checked, record);
    else await record(null);
    const done = changed as { value: Changed } | null;
    if (!done) throw new Error(`The money step of a ${steps.entity} decision did not record it`);
    return { changed: done.value };
  });
  if (outcome instanceof RefusalKept) throw new AppError(outcome.code, outcome.message, outcome.details);
  return outcome.changed;
}
