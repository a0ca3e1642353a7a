/**
 * Insurance of an asset. Each recorded policy is kept; the latest one is the asset's insurance and
 * its status follows the calendar (it turns EXPIRED by itself the day after the coverage ends).
 */
import { koboToNaira, nairaToKobo, type Insurance, type RouteBody, type insuranceRoutes } from '@fleetfuel/contract';
import type { Database } from '../../platform/db/database.js';
import { invalidField } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/actor.js';
import type { UploadedFile } from '../../platform/http/uploads.js';
import type { FilesService } from '../files/index.js';
import type { UsageService } from '../subscriptions/index.js';
import * as repository from './insurance.repository.js';
import type { PolicyRow } from './insurance.repository.js';
import type { VehiclesService } from './vehicles.service.js';

export function createInsuranceService(deps: { db: Database; files: FilesService; usage: UsageService; vehicles: VehiclesService }) {
  const { db, files, usage, vehicles } = deps;

  const toInsurance = (vehicleId: string, row: PolicyRow | undefined): Insurance => ({
    vehicleId,
    status: (row?.status ?? 'NOT_INSURED') as Insurance['status'],
    insurerName: row?.insurer_name ?? null,
    insuranceType: row?.insurance_type ?? null,
    insuranceNumber: row?.insurance_number ?? null,
    coverageStartDate: row?.coverage_start ?? null,
    coverageExipiryDate: row?.coverage_end ?? null,
    coverageEndDate: row?.coverage_end ?? null,
    amount: row ? koboToNaira(row.amount_kobo) : null,
    document: files.url(row?.document_key ?? null),
    updatedAt: row?.created_at.toISOString() ?? null,
  });

  async function current(vehicleId: string): Promise<Insurance> {
    return toInsurance(vehicleId, await repository.findCurrentPolicy(db, vehicleId, vehicles.today()));
  }

  return {
    async get(actor: Actor, vehicleId: string) {
      await vehicles.find(actor, vehicleId);
      return current(vehicleId);
    },

    async put(actor: Actor, vehicleId: string, body: RouteBody<typeof insuranceRoutes.put>, document: UploadedFile | undefined) {
      const vehicle = await vehicles.find(actor, vehicleId);
      if (body.coverageExipiryDate < body.coverageStartDate) {
        throw invalidField('coverageExipiryDate', 'The coverage must end on or after the day it starts');
      }
      await db.transaction().execute(async (trx) => {
        await usage.assertWritable(trx, vehicle.organization_id, 'insurance cannot be recorded');
        const previous = await repository.findCurrentPolicy(trx, vehicleId, vehicles.today());
        // Renewing details of the same policy without a new file keeps the document on record.
        const documentKey = document
          ? await files.store(
              document,
              'document',
              { purpose: 'INSURANCE_DOCUMENT', organizationId: vehicle.organization_id, uploadedBy: actor.userId },
              trx,
            )
          : previous?.insurance_number === body.insuranceNumber
            ? previous.document_key
            : null;
        await repository.insertPolicy(trx, {
          organizationId: vehicle.organization_id,
          vehicleId,
          insurerName: body.insurerName,
          insuranceType: body.insuranceType,
          insuranceNumber: body.insuranceNumber,
          coverageStart: body.coverageStartDate,
          coverageEnd: body.coverageExipiryDate,
          amountKobo: nairaToKobo(body.amount),
          documentKey,
          recordedBy: actor.userId,
        });
      });
      return { message: 'Insurance details saved', insurance: await current(vehicleId) };
    },
  };
}

export type InsuranceService = ReturnType<typeof createInsuranceService>;
