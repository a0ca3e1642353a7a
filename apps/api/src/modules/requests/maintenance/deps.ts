/** What every step of a maintenance request is given by the module's composition (maintenance.service.ts). */
import type { FuelRequestsDeps } from '../fuel/deps.js';

/** The same collaborators as a fuel request's, fuel policies and pump photos aside. */
export type MaintenanceDeps = Omit<FuelRequestsDeps, 'policies' | 'files'>;

/** The ledger reference of a job's hold: placed at approval (with a station), captured at completion. */
export const holdReference = (id: string) => `maintenance:${id}`;
