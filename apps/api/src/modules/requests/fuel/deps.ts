/** What every step of a fuel request is given by the module's composition (fuel-requests.service.ts). */
import type { Clock } from '../../../platform/clock.js';
import type { CouponSigner } from '../../../platform/coupons.js';
import type { Database } from '../../../platform/db/database.js';
import type { FilesService } from '../../files/index.js';
import type { LedgerService } from '../../ledger/index.js';
import type { NotificationsService } from '../../notifications/index.js';
import type { PoliciesService } from '../../policies/index.js';
import type { PricesService } from '../../prices/index.js';
import type { UsageService } from '../../subscriptions/index.js';
import type { VehiclesService } from '../../vehicles/index.js';

export interface FuelRequestsDeps {
  db: Database;
  ledger: LedgerService;
  vehicles: VehiclesService;
  prices: PricesService;
  usage: UsageService;
  clock: Clock;
  coupons: CouponSigner;
  platformFeeBps: number;
  notifications: NotificationsService;
  /** Stores the photos taken at the pump (issue 42). */
  files: Pick<FilesService, 'store' | 'url'>;
  /** The organization's fuel policies (issue 44), judged by rules/fuel-policies.ts. */
  policies: Pick<PoliciesService, 'forOrganization'>;
}

/** The ledger reference of a request's hold: placed at approval, captured at redemption, released at expiry. */
export const holdReference = (id: string) => `fuel:${id}`;
