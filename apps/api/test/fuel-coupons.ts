/** Fuel coupons as API tests get them: a request raised and approved through the API, as an organization's admin does. */
import { expect } from 'vitest';
import { lagosDate } from '../src/platform/clock.js';
import type { TestApp } from './harness.js';

/** What tests read of an approved request: its id and its coupon. */
export interface ApprovedFuelRequest {
  id: string;
  couponCode: string;
  couponExpiresAt: string;
  qrPayload: string | null;
}

/**
 * Raises a fuel request as `token` (for today in Lagos unless `body` names a `supplyDate`) and
 * approves it as the same account, sending `approval` as the approval's body when given.
 */
export async function approvedFuelRequest(
  t: TestApp,
  token: string,
  body: { vehicleId: string; stationId: string; volume: number } & Record<string, unknown>,
  approval?: Record<string, unknown>,
): Promise<ApprovedFuelRequest> {
  const created = await t.call('POST', '/api/fuel-requests', { token, body: { supplyDate: lagosDate(new Date()), ...body } });
  expect(created.statusCode, created.body).toBe(200);
  const id = created.json<{ request: { id: string } }>().request.id;
  const approved = await t.call('PATCH', `/api/fuel-requests/${id}/approve`, {
    token,
    ...(approval === undefined ? {} : { body: approval }),
  });
  expect(approved.statusCode, approved.body).toBe(200);
  return approved.json<{ request: ApprovedFuelRequest }>().request;
}
