/**
 * The audit trail is append-only in the database itself, as the journal is: whatever code runs,
 * an entry once written is never changed or removed.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-world.js';
import { auditTrail } from './index.js';

const world = useTestApp({
  setUp: async ({ t }) => {
    await t.db.transaction().execute((trx) =>
      auditTrail.record(trx, {
        actor: null,
        action: 'plan.updated',
        entityId: 'tamper-target',
        before: { amount: 1 },
        after: { amount: 2 },
      }),
    );
  },
});

describe('audit_log', () => {
  it('keeps what record() wrote', async () => {
    const row = await world.t.db.selectFrom('audit_log').selectAll().where('entity_id', '=', 'tamper-target').executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      action: 'plan.updated',
      entity_type: 'plan',
      actor_name: null,
      changes: { amount: { before: 1, after: 2 } },
    });
  });

  it.each([
    ['UPDATE', sql`UPDATE audit_log SET note = 'tampered' WHERE entity_id = 'tamper-target'`],
    ['DELETE', sql`DELETE FROM audit_log WHERE entity_id = 'tamper-target'`],
    ['TRUNCATE', sql`TRUNCATE audit_log`],
  ])('refuses %s', async (_statement, statement) => {
    await expect(statement.execute(world.t.db)).rejects.toThrow(/audit_log is append-only/);
    const rows = await world.t.db.selectFrom('audit_log').select(['note']).where('entity_id', '=', 'tamper-target').execute();
    expect(rows).toEqual([{ note: null }]);
  });
});
