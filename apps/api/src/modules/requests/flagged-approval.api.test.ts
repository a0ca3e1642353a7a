/**
 * A note to approve a flagged request (issue 12): the organization admin turns the rule on in
 * Settings; from then on a fuel request that carries anomaly flags is approved only with a note,
 * which is kept with the request and in the approval's audit entry. Unflagged requests, and every
 * request while the rule is off, are approved as before, with or without a note.
 */
import type { AuditEntry } from '@fleetfuel/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lagosDate } from '../../platform/clock.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { creditOrganization, requestIds, signInAll, USUAL_ACCOUNTS } from '../../../test/demo-world.js';

let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
const NOTE_REQUIRED = 'A note is required to approve a flagged request';

const token = (email: string) => tokens[email] as string;
const orgAdmin = () => token('orgadmin@acme.test');

/** A new pending request for the Hilux (80 L tank); at 70% full, 40 L more overfills it and flags it. */
async function fuelRequest(body: { volume: number; currentTankLevel: number }): Promise<{ id: string; flags: unknown[] }> {
  const res = await t.call('POST', '/api/fuel-requests', {
    token: orgAdmin(),
    body: { vehicleId: ids.hilux, stationId: ids.unity, supplyDate: lagosDate(new Date()), ...body },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().request as { id: string; flags: unknown[] };
}

const flaggedRequest = () => fuelRequest({ volume: 40, currentTankLevel: 70 });

const approve = (id: string, options: { body?: unknown; headers?: Record<string, string> } = {}) =>
  t.call('PATCH', `/api/fuel-requests/${id}/approve`, { token: orgAdmin(), ...options });

const saveSettings = (email: string, body: Record<string, unknown>) =>
  t.call('PUT', '/api/settings/organization', { token: token(email), body });

const requireNote = async (on: boolean) => {
  const res = await saveSettings('orgadmin@acme.test', { requireNoteForFlaggedApproval: on });
  expect(res.statusCode, res.body).toBe(200);
};

const wallet = async () => (await t.call('GET', '/api/wallet', { token: orgAdmin() })).json().wallet as { balance: number; held: number };

const approvalsOf = async (entityId: string) =>
  ((await t.call('GET', '/api/audit-log', { token: orgAdmin(), query: { entityId } })).json().entries as AuditEntry[]).filter(
    (entry) => entry.action === 'fuel_request.approved',
  );

beforeAll(async () => {
  t = await createTestApp();
  Object.assign(tokens, await signInAll(t, USUAL_ACCOUNTS));
  Object.assign(ids, await requestIds(t));
  await creditOrganization(t, 'Acme Logistics', 1_000_000);
  // The Hilux starts with no recent requests, so that a request at a low tank level carries no flags.
  await sql`UPDATE fuel_requests SET status = 'REJECTED' WHERE vehicle_id = ${ids.hilux} AND status = 'PENDING'`.execute(t.db);
  await sql`UPDATE fuel_requests SET created_at = created_at - interval '1 day' WHERE vehicle_id = ${ids.hilux}`.execute(t.db);
});
afterAll(async () => t.close());

describe('the "require a note to approve a flagged request" setting', () => {
  it('is off until the organization admin turns it on; its members read it; no one else changes or reads it', async () => {
    const read = async (email: string) => t.call('GET', '/api/settings/organization', { token: token(email) });
    // Off by default: Beta's, which no test here changes; Acme's is turned off first, whatever ran before.
    expect((await read('orgadmin@beta.test')).json().settings.requireNoteForFlaggedApproval).toBe(false);
    await requireNote(false);
    expect((await read('orgadmin@acme.test')).json().settings.requireNoteForFlaggedApproval).toBe(false);

    const saved = await saveSettings('orgadmin@acme.test', { requireNoteForFlaggedApproval: true });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().settings.requireNoteForFlaggedApproval).toBe(true);
    // Another preference saved without it leaves it as it was.
    expect((await saveSettings('orgadmin@acme.test', { couponValidityDays: 3 })).json().settings.requireNoteForFlaggedApproval).toBe(true);
    for (const email of ['asst@acme.test', 'driver@acme.test']) {
      expect((await read(email)).json().settings.requireNoteForFlaggedApproval, email).toBe(true);
    }
    // Another organization's rule is its own.
    expect((await read('orgadmin@beta.test')).json().settings.requireNoteForFlaggedApproval).toBe(false);

    for (const email of ['asst@acme.test', 'driver@acme.test', 'rep@unityfuels.test', 'admin@fleetfuel.test']) {
      const refused = await saveSettings(email, { requireNoteForFlaggedApproval: false });
      expect(refused.statusCode, email).toBe(403);
    }
    expect((await read('rep@unityfuels.test')).statusCode).toBe(403);

    const invalid = await saveSettings('orgadmin@acme.test', { requireNoteForFlaggedApproval: 'yes' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'requireNoteForFlaggedApproval' });
    expect((await read('orgadmin@acme.test')).json().settings.requireNoteForFlaggedApproval).toBe(true);
  });
});

describe('approving a flagged request', () => {
  it('required and flagged: without a note (no body, an empty JSON body, a blank note) it is refused and nothing changes', async () => {
    await requireNote(true);
    const request = await flaggedRequest();
    expect(request.flags.length).toBeGreaterThan(0);
    const before = await wallet();

    const attempts: Array<Parameters<typeof approve>[1]> = [
      {},
      { headers: { 'content-type': 'application/json' } },
      { body: {} },
      { body: { note: '   ' } },
      { body: { note: null } },
    ];
    for (const attempt of attempts) {
      const refused = await approve(request.id, attempt);
      expect(refused.statusCode, `${JSON.stringify(attempt)}: ${refused.body}`).toBe(422);
      expect(refused.json()).toMatchObject({ error: NOTE_REQUIRED, message: NOTE_REQUIRED, code: 'RULE_VIOLATION', field: 'note' });
    }

    const single = (await t.call('GET', `/api/fuel-requests/single/${request.id}`, { token: orgAdmin() })).json();
    expect(single).toMatchObject({ status: 'PENDING', approvedBy: null, approvalNote: null, heldAmount: null, couponCode: null });
    expect(await wallet()).toEqual(before);
    expect(await approvalsOf(request.id)).toEqual([]);
  });

  it('required and flagged: with a note it is approved, and the note is in its replies and its audit entry', async () => {
    await requireNote(true);
    const request = await flaggedRequest();
    const before = await wallet();

    const approved = await approve(request.id, { body: { note: '  Long haul to Ibadan; the driver confirmed the reading  ' } });
    expect(approved.statusCode, approved.body).toBe(200);
    const note = 'Long haul to Ibadan; the driver confirmed the reading';
    expect(approved.json().request).toMatchObject({ status: 'APPROVED', approvalNote: note });
    expect((await wallet()).held).toBe(before.held + (approved.json().request.heldAmount as number));

    const single = (await t.call('GET', `/api/fuel-requests/single/${request.id}`, { token: token('driver@acme.test') })).json();
    expect(single.approvalNote).toBe(note);
    const [entry, ...others] = await approvalsOf(request.id);
    expect(others).toEqual([]);
    expect(entry?.changes).toMatchObject({
      status: { before: 'PENDING', after: 'APPROVED' },
      approvalNote: { before: null, after: note },
    });
  });

  it('a note longer than 500 characters is refused as invalid', async () => {
    await requireNote(true);
    const request = await flaggedRequest();
    const refused = await approve(request.id, { body: { note: 'x'.repeat(501) } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'note' });
  });

  it('not required: a flagged request is approved without a note, and no note is recorded', async () => {
    await requireNote(false);
    const request = await flaggedRequest();
    expect(request.flags.length).toBeGreaterThan(0);
    const approved = await approve(request.id);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().request).toMatchObject({ status: 'APPROVED', approvalNote: null });
    const [entry] = await approvalsOf(request.id);
    expect(entry?.changes).not.toHaveProperty('approvalNote');
  });

  it('required but unflagged: the request is approved without a note', async () => {
    await requireNote(true);
    // Nothing flags this one: the Hilux's other requests are a day old or more (see beforeAll), and it is made first.
    await sql`UPDATE fuel_requests SET created_at = created_at - interval '1 day' WHERE vehicle_id = ${ids.hilux}`.execute(t.db);
    const request = await fuelRequest({ volume: 20, currentTankLevel: 10 });
    expect(request.flags).toEqual([]);
    const approved = await approve(request.id, { headers: { 'content-type': 'application/json' } });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().request).toMatchObject({ status: 'APPROVED', approvalNote: null });
  });
});
