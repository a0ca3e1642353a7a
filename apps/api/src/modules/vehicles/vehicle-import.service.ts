/**
 * `POST /vehicles/import`: assets from a CSV file, each row checked as `POST /vehicles` checks its
 * body (same schema, same type rules), its Group named rather than chosen, its plate compared with
 * the file's other rows and the organization's assets. A real import writes every row in one
 * transaction, a batch of rows per statement, after one plan-limit check for all of them; any bad
 * row and nothing is written.
 */
import {
  VEHICLE_IMPORT_COLUMNS,
  vehicleCreateBodySchema,
  type AssetType,
  type ImportReply,
  type ImportRow,
  type RouteBody,
  type vehicleRoutes,
} from '@fleetfuel/contract';
import { batchesOf, checkRow, importHasProblems, importReply, importRow, readImportFile } from '../../platform/csv-import.js';
import type { ImportFieldError } from '../../platform/csv-import.js';
import type { Database } from '../../platform/db/database.js';
import { isUniqueViolation } from '../../platform/db/database.js';
import { AppError } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/actor.js';
import type { UploadedFile } from '../../platform/http/uploads.js';
import { owningOrganization } from '../../platform/tenancy/organization-scope.js';
import { auditTrail } from '../audit/index.js';
import type { DepartmentsService } from '../departments/index.js';
import type { UsageService } from '../subscriptions/index.js';
import * as repository from './vehicles.repository.js';
import type { VehicleValues } from './vehicles.repository.js';

/** What the import needs; the vehicles service's `VehiclesDeps` extends it. */
export interface VehicleImportDeps {
  db: Database;
  usage: UsageService;
  departments: DepartmentsService;
}

/** The rules of `POST /vehicles` the import applies to each row, from the vehicles service. */
export interface VehicleRowRules {
  toValues(body: RouteBody<typeof vehicleRoutes.update>): VehicleValues;
  typeRuleBroken(type: AssetType, values: VehicleValues): ImportFieldError | null;
}

/** A rule's message names its field ("plateNumber: …"); the row's error already does. */
const withoutFieldName = ({ field, message }: ImportFieldError) => ({ field, message: message.replace(`${field}: `, '') });

/** Another request added one of the plates between the check and the insert: nothing was written. */
async function samePlateNotJustAdded<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, 'vehicles_plate_key')) {
      throw new AppError('CONFLICT', 'An asset with one of these plate numbers was just added. Check the file again and import it.', {
        field: 'plateNumber',
      });
    }
    throw error;
  }
}

export function createVehicleImport(deps: VehicleImportDeps, rules: VehicleRowRules) {
  const { db, usage, departments } = deps;

  return {
    async importVehicles(
      actor: Actor,
      options: { dryRun: boolean; organizationId: string | null | undefined },
      file: UploadedFile | undefined,
    ): Promise<ImportReply> {
      const organizationId = owningOrganization(actor, options.organizationId);
      const inputs = readImportFile(file, VEHICLE_IMPORT_COLUMNS);
      const [groups, takenPlates] = await Promise.all([
        departments.idsByName(
          db,
          organizationId,
          inputs.flatMap((input) => input.cells.group ?? []),
        ),
        repository.existingPlates(
          db,
          organizationId,
          inputs.flatMap((input) => input.cells.plateNumber ?? []),
        ),
      ]);

      const firstLineOfPlate = new Map<string, number>();
      const toWrite: VehicleValues[] = [];
      const rows: ImportRow[] = inputs.map(({ line, cells, problems }) => {
        const { group, ...fields } = cells;
        const checked = checkRow(vehicleCreateBodySchema, fields);
        const errors = [...problems, ...checked.errors];
        const departmentId = group === undefined ? null : groups.get(group.toLowerCase());
        if (departmentId === undefined) errors.push({ field: 'group', message: `No group named "${group}" in this organization` });
        let values: VehicleValues | null = null;
        if (checked.body) {
          values = { ...rules.toValues(checked.body), ...(departmentId ? { departmentId } : {}) };
          const broken = rules.typeRuleBroken(checked.body.type, values);
          if (broken) errors.push(withoutFieldName(broken));
        }

        const plate = fields.plateNumber?.toUpperCase();
        const earlierLine = plate === undefined ? undefined : firstLineOfPlate.get(plate);
        if (plate !== undefined && earlierLine === undefined) firstLineOfPlate.set(plate, line);
        const duplicates: ImportFieldError[] = [];
        if (plate !== undefined && takenPlates.has(plate)) {
          duplicates.push({ field: 'plateNumber', message: 'The organization already has an asset with this plate number' });
        } else if (earlierLine !== undefined) {
          duplicates.push({ field: 'plateNumber', message: `This plate number is already on line ${earlierLine} of the file` });
        }
        if (values && errors.length === 0 && duplicates.length === 0) toWrite.push(values);
        const shown = { make: fields.make ?? '', model: fields.model ?? '', plateNumber: fields.plateNumber ?? '' };
        return importRow(line, shown, errors, duplicates);
      });

      const checked = importReply(rows, options.dryRun, 0);
      if (importHasProblems(checked)) return checked;

      const inService = toWrite.filter((values) => (values.status ?? 'ACTIVE') !== 'INACTIVE').length;
      await samePlateNotJustAdded(() =>
        db.transaction().execute(async (trx) => {
          if (inService > 0) await usage.assertCanAdd(trx, organizationId, 'assets', inService);
          else await usage.assertWritable(trx, organizationId, 'no new assets can be added');
          if (options.dryRun) return;
          for (const batch of batchesOf(toWrite)) await repository.insertVehicles(trx, organizationId, batch);
          await auditTrail.record(trx, {
            actor,
            action: 'vehicle.imported',
            entityId: organizationId,
            organizationId,
            after: { count: toWrite.length },
            note: `Imported ${toWrite.length} assets from ${(file?.filename ?? 'a CSV file').slice(0, 200)}`,
          });
        }),
      );
      return options.dryRun ? checked : importReply(rows, false, toWrite.length);
    },
  };
}
