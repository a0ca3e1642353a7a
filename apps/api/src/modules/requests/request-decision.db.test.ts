/**
 * The one sequence of a decision (request-decision.ts) on the real database: its steps in order with
 * the money last, a kept refusal committing its writes, a thrown one taking everything back.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import type { Database } from '../../platform/db/database.js';
import { AppError } from '../../platform/errors.js';
import { auditTrail, type AuditRecord } from '../audit/index.js';
import { RefusalKept, decide, type DecisionSteps } from './request-decision.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const notifications = { sendingAfterCommit: <T>(work: (trx: Database) => Promise<T>) => t.db.transaction().execute(work) };

/** An audit entry of its own id, so that each test can count what committed. */
const entry = (entityId: string, note: string): AuditRecord => ({ actor: null, action: 'fuel_request.expired', entityId, note });
const committed = async (entityId: string) =>
  (await t.db.selectFrom('audit_log').select('note').where('entity_id', '=', entityId).orderBy('occurred_at').execute()).map(
    (row) => row.note,
  );

/** Steps that write an audit entry at each step and note the order they ran in. */
function recordingSteps(entityId: string, ran: string[]): DecisionSteps<{ id: string }, { checked: true }, { changed: true }> {
  return {
    entity: 'Fuel request',
    lock: () => {
      ran.push('lock');
      return Promise.resolve({ id: entityId });
    },
    check: () => {
      ran.push('check');
      return { checked: true };
    },
    change: (_trx, _locked, _checked, entryId) => {
      ran.push(`change:${entryId ?? 'none'}`);
      return Promise.resolve({ changed: true });
    },
    audit: () => {
      ran.push('audit');
      return entry(entityId, 'decided');
    },
    webhook: () => {
      ran.push('webhook');
      return Promise.resolve();
    },
    notify: () => {
      ran.push('notify');
      return Promise.resolve();
    },
  };
}

describe('decide: lock → check → change → audit → webhook → notify, money last', () => {
  it('runs the steps in that order and commits the audit entry', async () => {
    const id = randomUUID();
    const ran: string[] = [];
    const changed = await decide(notifications, {
      ...recordingSteps(id, ran),
      money: async (_trx, _locked, _checked, record) => {
        ran.push('money:before');
        await record('entry-1');
        ran.push('money:after');
      },
    });
    expect(changed).toEqual({ changed: true });
    expect(ran).toEqual(['lock', 'check', 'money:before', 'change:entry-1', 'audit', 'webhook', 'notify', 'money:after']);
    expect(await committed(id)).toEqual(['decided']);
  });

  it('answers 404 naming the entity when the lock finds nothing, having checked nothing', async () => {
    const ran: string[] = [];
    const steps = recordingSteps(randomUUID(), ran);
    await expect(decide(notifications, { ...steps, lock: () => Promise.resolve(undefined) })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Fuel request not found',
    });
    expect(ran).toEqual([]);
  });

  it('keeps what a kept refusal wrote and answers 422 with its message', async () => {
    const id = randomUUID();
    const ran: string[] = [];
    const steps = recordingSteps(id, ran);
    const refusal = decide(notifications, {
      ...steps,
      check: async (trx) => {
        await auditTrail.record(trx, entry(id, 'attempt counted'));
        return new RefusalKept('This coupon expired');
      },
    });
    await expect(refusal).rejects.toBeInstanceOf(AppError);
    await expect(refusal).rejects.toMatchObject({ code: 'RULE_VIOLATION', message: 'This coupon expired' });
    expect(ran).toEqual(['lock']);
    expect(await committed(id)).toEqual(['attempt counted']);
  });

  it('takes every write back when the money refuses after the change', async () => {
    const id = randomUUID();
    const steps = recordingSteps(id, []);
    const refusal = decide(notifications, {
      ...steps,
      money: async (_trx, _locked, _checked, record) => {
        await record(null);
        throw new AppError('INSUFFICIENT_FUNDS', 'Fund the wallet first');
      },
    });
    await expect(refusal).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    expect(await committed(id)).toEqual([]);
  });

  it('refuses a money step that never records the change, and keeps nothing', async () => {
    const id = randomUUID();
    await expect(
      decide(notifications, {
        ...recordingSteps(id, []),
        check: async (trx) => {
          await auditTrail.record(trx, entry(id, 'before the money'));
          return { checked: true };
        },
        money: () => Promise.resolve(),
      }),
    ).rejects.toThrow('did not record it');
    expect(await committed(id)).toEqual([]);
  });
});
