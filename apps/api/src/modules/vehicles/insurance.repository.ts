import type { Database } from '../../platform/db/database.js';
import { policyStatus } from './due-vehicles.repository.js';

/** The latest policy of a vehicle with its status on the given Lagos date (same rule as the asset list). */
export function findCurrentPolicy(db: Database, vehicleId: string, today: string) {
  return db
    .selectFrom('insurance_policies as ip')
    .selectAll('ip')
    .select(policyStatus(today).as('status'))
    .where('ip.vehicle_id', '=', vehicleId)
    .orderBy('ip.created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export type PolicyRow = NonNullable<Awaited<ReturnType<typeof findCurrentPolicy>>>;

export async function insertPolicy(
  db: Database,
  values: {
    organizationId: string;
    vehicleId: string;
    insurerName: string;
    insuranceType: string;
    insuranceNumber: string;
    coverageStart: string;
    coverageEnd: string;
    amountKobo: bigint;
    documentKey: string | null;
    recordedBy: string;
  },
): Promise<void> {
  await db
    .insertInto('insurance_policies')
    .values({
      organization_id: values.organizationId,
      vehicle_id: values.vehicleId,
      insurer_name: values.insurerName,
      insurance_type: values.insuranceType,
      insurance_number: values.insuranceNumber,
      coverage_start: values.coverageStart,
      coverage_end: values.coverageEnd,
      amount_kobo: values.amountKobo.toString(),
      document_key: values.documentKey,
      recorded_by: values.recordedBy,
    })
    .execute();
}
