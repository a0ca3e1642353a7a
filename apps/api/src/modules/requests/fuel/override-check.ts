/**
 * The fuel policies at the pump (issue 44): a HARD breach refuses the fill; a SOFT one stops it
 * until the organization's admin approves an override (OVERRIDE_REQUIRED naming it), unless an
 * approval of this request still covers it. Asking writes the override, e-mails the admins and
 * texts those who may decide, and those writes stay although the redemption is refused.
 */
import { PERMISSIONS, type RequestFlag } from '@fleetfuel/contract';
import type { Database } from '../../../platform/db/database.js';
import { AppError } from '../../../platform/errors.js';
import type { Actor } from '../../../platform/http/actor.js';
import { insertOverride, latestOverrideOf, setOverrideStatus } from '../../overrides/index.js';
import type { RedeemableFuelRequest } from '../redeemable-coupon.repository.js';
import { RefusalKept } from '../request-decision.js';
import { pumpOverride } from '../rules/override-rules.js';
import type { FuelRequestsDeps } from './deps.js';
import { checkFuelPolicies, type PolicyFill } from './policy-check.js';

const overrideRequired = (overrideId: string, breaches: readonly RequestFlag[]) =>
  new RefusalKept(
    `A manager must approve this fill: ${breaches.map((flag) => flag.message).join('; ')}. Wait here: it goes through once approved`,
    'OVERRIDE_REQUIRED',
    { overrideId },
  );

/**
 * The organization's admins are asked by e-mail, with what the fill breaks and where to decide, and
 * those who may decide by a short text as well: the attendant waits, a mailbox may not be read.
 */
async function askManagers(
  notifications: FuelRequestsDeps['notifications'],
  trx: Database,
  request: RedeemableFuelRequest,
  fill: PolicyFill,
  breaches: readonly RequestFlag[],
): Promise<void> {
  const fuel = { station: request.station_name, plate: fill.vehicle.plate, litres: fill.litres, fuelType: fill.fuelType };
  await notifications.notifyOrganization(trx, 'requestDecisions', request.organization_id, {
    template: 'overrideNeededMail',
    params: { ...fuel, breaches: breaches.map((flag) => flag.message).join('; ') },
  });
  await notifications.textOrganization(
    trx,
    'requestDecisions',
    request.organization_id,
    { template: 'overrideNeeded', params: fuel },
    PERMISSIONS['overrides.decide'],
  );
}

/** The fill's policy flags and the override that lets it through, if one does; or the refusal that waits for one. */
export async function pumpPolicies(
  deps: Pick<FuelRequestsDeps, 'policies' | 'notifications'>,
  trx: Database,
  request: RedeemableFuelRequest,
  fill: PolicyFill,
  attempt: { actor: Actor; now: Date },
): Promise<{ flags: RequestFlag[]; overrideId: string | null } | RefusalKept> {
  if (!request.organization_has_policies) return { flags: [], overrideId: null };
  const { flags } = await checkFuelPolicies(deps, trx, fill);
  if (flags.length === 0) return { flags, overrideId: null };
  const latest = await latestOverrideOf(trx, request.id);
  const decision = pumpOverride(
    latest
      ? {
          id: latest.id,
          status: latest.status,
          dispensedVolume: Number(latest.dispensed_volume),
          expiresAt: latest.expires_at,
          note: latest.note,
          decidedBy: latest.decider_name,
        }
      : null,
    fill.litres,
    attempt.now,
  );
  switch (decision.kind) {
    case 'PROCEED':
      return {
        flags: flags.map((flag) => ({ ...flag, message: `${flag.message}; let through by ${decision.approvedBy}'s override` })),
        overrideId: decision.overrideId,
      };
    case 'WAIT':
      return overrideRequired(decision.overrideId, flags);
    case 'DECLINED':
      throw new AppError('RULE_VIOLATION', decision.message);
    case 'ASK': {
      if (decision.closes) await setOverrideStatus(trx, decision.closes, 'EXPIRED');
      const overrideId = await insertOverride(trx, {
        organizationId: request.organization_id,
        requestId: request.id,
        stationId: request.station_id,
        requestedBy: attempt.actor.userId,
        dispensedVolume: fill.litres,
        breaches: flags.map((flag) => flag.message),
      });
      await askManagers(deps.notifications, trx, request, fill, flags);
      return overrideRequired(overrideId, flags);
    }
  }
}
