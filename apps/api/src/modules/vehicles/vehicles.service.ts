/**
 * Assets of an organization. Registration details exist only for type VEHICLE; a generator may
 * go without a plate number. A vehicle holds at most one driver and a driver at most one vehicle,
 * held by the database (a conditional update and a unique index), so that two admins assigning at
 * the same moment cannot both succeed. Every assignment is kept as history.
 */
import {
  koboToNaira,
  nairaToKobo,
  type AssetType,
  type RouteBody,
  type RouteQuery,
  type Vehicle,
  type VehicleFuelType,
  type vehicleRoutes,
} from '@fleetfuel/contract';
import { lagosDate, type Clock } from '../../platform/clock.js';
import type { Database } from '../../platform/db/database.js';
import { inBatches, mapBatches } from '../../platform/db/keyset.js';
import { isUniqueViolation } from '../../platform/db/database.js';
import { AppError, invalidField, notFound } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/actor.js';
import type { UploadedFile } from '../../platform/http/uploads.js';
import { organizationFilter, owningOrganization } from '../../platform/tenancy/organization-scope.js';
import { auditTrail, type AuditActor } from '../audit/index.js';
import type { FilesService } from '../files/index.js';
import { frozenOf } from '../freezes/index.js';
import { createVehicleImport, type VehicleImportDeps } from './vehicle-import.service.js';
import * as repository from './vehicles.repository.js';
import * as assignmentsRepository from './assignments.repository.js';
import * as dueRepository from './due-vehicles.repository.js';
import * as requestVehiclesRepository from './request-vehicles.repository.js';
import type { DueCursor, DueScope } from './due-vehicles.repository.js';
import type { VehicleRow, VehicleScope, VehicleValues } from './vehicles.repository.js';
import { dueAlert, dueFindings } from './due-rule.js';

type CreateBody = RouteBody<typeof vehicleRoutes.create>;
type UpdateBody = RouteBody<typeof vehicleRoutes.update>;

/** Runs one read through the executor it is given (a transaction of the caller's, or this module's database). */
type RunRead = <T>(read: (executor: Database) => Promise<T>) => Promise<T>;

type DueRow = Awaited<ReturnType<typeof dueRepository.dueVehicleBatch>>[number];

const REGISTRATION_FIELDS = ['registrationState', 'registrationExpiry', 'chasisNumber', 'transmissionType'] as const;

/** The fields of a body that are columns, with naira converted to kobo. */
function toValues(body: UpdateBody): VehicleValues {
  const { purchasePrice, ...rest } = body;
  return {
    ...rest,
    ...(purchasePrice !== undefined ? { purchasePriceKobo: purchasePrice === null ? null : nairaToKobo(purchasePrice) } : {}),
  };
}

export interface VehiclesDeps extends VehicleImportDeps {
  files: FilesService;
  clock: Clock;
}

export function createVehiclesService(deps: VehiclesDeps) {
  const { db, files, usage, departments, clock } = deps;
  const today = () => lagosDate(clock.now());

  const toVehicle = (row: VehicleRow): Vehicle => ({
    id: row.id,
    plateNumber: row.plate_number,
    model: row.model,
    make: row.make,
    type: row.type as AssetType,
    fuelType: row.fuel_type as VehicleFuelType,
    driverId: row.driver_id,
    driver:
      row.driver_id && row.driver_name
        ? { id: row.driver_id, name: row.driver_name, phone: row.driver_phone, email: row.driver_email }
        : null,
    departmentId: row.department_id,
    department: row.department_id && row.department_name ? { id: row.department_id, name: row.department_name } : null,
    organizationId: row.organization_id,
    organization: { id: row.organization_id, name: row.organization_name },
    registrationNumber: row.registration_number,
    chasisNumber: row.chasis_number,
    transmissionType: row.transmission_type as Vehicle['transmissionType'],
    color: row.color,
    datePurchase: row.date_purchase,
    registrationState: row.registration_state,
    registrationExpiry: row.registration_expiry,
    year: row.year,
    state: row.state,
    securityNumber: row.security_number,
    purchasePrice: row.purchase_price_kobo === null ? null : koboToNaira(row.purchase_price_kobo),
    tankSize: row.tank_size === null ? null : Number(row.tank_size),
    status: row.status as Vehicle['status'],
    imageUrl: files.url(row.image_key),
    insuranceStatus: row.insurance_status as Vehicle['insuranceStatus'],
    lastOdometer: row.last_odometer === null ? null : Number(row.last_odometer),
    frozen: frozenOf(row),
    createdAt: row.created_at.toISOString(),
  });

  function scopeOf(actor: Actor): VehicleScope {
    if (actor.role === 'DRIVER') return { organizationId: actor.organizationId, driverId: actor.userId };
    return { organizationId: organizationFilter(actor, null) };
  }

  async function find(actor: Actor, id: string, executor: Database = db): Promise<VehicleRow> {
    const row = await repository.findVehicle(executor, id, scopeOf(actor), today());
    if (!row) throw notFound('Vehicle');
    return row;
  }

  /** Type-specific rules the schema cannot see: registration only for vehicles, a plate unless a generator. */
  function typeRuleBroken(type: AssetType, values: VehicleValues): { field: string; message: string } | null {
    if (type !== 'GENERATOR' && !values.plateNumber) return { field: 'plateNumber', message: 'plateNumber: This field is required' };
    if (type !== 'VEHICLE') {
      const misplaced = REGISTRATION_FIELDS.find((field) => values[field] != null);
      if (misplaced) return { field: misplaced, message: `Only assets of type VEHICLE have ${misplaced}` };
    }
    if (values.datePurchase && values.datePurchase > today()) {
      return { field: 'datePurchase', message: 'The purchase date cannot be in the future' };
    }
    return null;
  }

  function assertFieldsFitType(type: AssetType, values: VehicleValues): void {
    const broken = typeRuleBroken(type, values);
    if (broken) throw invalidField(broken.field, broken.message);
  }

  async function plateIsFree<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error, 'vehicles_plate_key')) {
        throw new AppError('CONFLICT', 'The organization already has an asset with this plate number', { field: 'plateNumber' });
      }
      if (isUniqueViolation(error, 'vehicles_driver_key') || isUniqueViolation(error, 'vehicle_assignments_open_driver')) {
        throw new AppError('CONFLICT', 'This driver was just assigned to another vehicle. Unassign them there first.', {
          field: 'driverId',
        });
      }
      throw error;
    }
  }

  async function assign(trx: Database, actor: Actor, vehicle: { id: string; organization_id: string }, driverId: string) {
    const driver = await assignmentsRepository.findDriverInOrganization(trx, driverId, vehicle.organization_id);
    if (!driver) throw notFound('Driver');
    if (driver.status !== 'ACTIVE') throw new AppError('RULE_VIOLATION', `${driver.name} is disabled and cannot be assigned a vehicle`);
    if (driver.vehicle_id && driver.vehicle_id !== vehicle.id) {
      throw new AppError(
        'CONFLICT',
        `${driver.name} already drives ${driver.vehicle_plate ?? 'another asset'}. Unassign them there first.`,
        {
          field: 'driverId',
        },
      );
    }
    if (!(await assignmentsRepository.setDriverIfFree(trx, vehicle.id, driverId))) {
      throw new AppError('CONFLICT', 'This vehicle already has a driver. Unassign them first.', { field: 'vehicleId' });
    }
    await assignmentsRepository.openAssignment(trx, {
      organizationId: vehicle.organization_id,
      vehicleId: vehicle.id,
      driverId,
      by: actor.userId,
    });
  }

  return {
    ...createVehicleImport(deps, { toValues, typeRuleBroken }),

    async list(actor: Actor, query: RouteQuery<typeof vehicleRoutes.list>) {
      const { rows, total } = await repository.listVehicles(
        db,
        { ...query, organizationId: organizationFilter(actor, query.organizationId) },
        today(),
      );
      return { data: rows.map(toVehicle), total };
    },

    /** Every vehicle the list would show with these filters, in its order, `batchSize` at a time (exports). */
    exportBatches(
      actor: Actor,
      query: { search?: string; organizationId?: string; type?: AssetType; status?: Vehicle['status']; departmentId?: string },
      batchSize: number,
    ) {
      const filters = { ...query, organizationId: organizationFilter(actor, query.organizationId) };
      const day = today();
      return mapBatches(
        inBatches((after, size) => repository.vehicleBatch(db, filters, after, size, day), batchSize),
        toVehicle,
      );
    },

    get: async (actor: Actor, id: string) => toVehicle(await find(actor, id)),

    async create(actor: Actor, body: CreateBody, image: UploadedFile | undefined) {
      const { organizationId: namedOrganization, driverId, ...fields } = body;
      const organizationId = owningOrganization(actor, namedOrganization);
      const values = toValues(fields);
      assertFieldsFitType(body.type, values);
      const id = await plateIsFree(() =>
        db.transaction().execute(async (trx) => {
          if ((values.status ?? 'ACTIVE') === 'INACTIVE') await usage.assertWritable(trx, organizationId, 'no new assets can be added');
          else await usage.assertCanAdd(trx, organizationId, 'assets');
          if (values.departmentId) await departments.assertInOrganization(trx, values.departmentId, organizationId);
          const vehicleId = await repository.insertVehicle(trx, organizationId, values);
          if (driverId) await assign(trx, actor, { id: vehicleId, organization_id: organizationId }, driverId);
          if (image) {
            const imageKey = await files.store(image, 'image', { purpose: 'VEHICLE_IMAGE', organizationId, uploadedBy: actor.userId }, trx);
            await repository.updateVehicle(trx, vehicleId, { imageKey });
          }
          return vehicleId;
        }),
      );
      return toVehicle(await find(actor, id));
    },

    async update(actor: Actor, id: string, body: UpdateBody, image: UploadedFile | undefined) {
      const existing = await find(actor, id);
      const values = toValues(body);
      const type = (values.type ?? existing.type) as AssetType;
      if (type !== 'VEHICLE') {
        // An asset that stops being a vehicle loses the details only vehicles have.
        for (const field of REGISTRATION_FIELDS) values[field] ??= null;
      }
      assertFieldsFitType(type, { ...values, plateNumber: values.plateNumber === undefined ? existing.plate_number : values.plateNumber });
      await plateIsFree(() =>
        db.transaction().execute(async (trx) => {
          const returnsToService = existing.status === 'INACTIVE' && values.status !== undefined && values.status !== 'INACTIVE';
          if (returnsToService) await usage.assertCanAdd(trx, existing.organization_id, 'assets');
          else await usage.assertWritable(trx, existing.organization_id, 'its assets cannot be changed');
          if (values.departmentId) await departments.assertInOrganization(trx, values.departmentId, existing.organization_id);
          if (image) {
            values.imageKey = await files.store(
              image,
              'image',
              { purpose: 'VEHICLE_IMAGE', organizationId: existing.organization_id, uploadedBy: actor.userId },
              trx,
            );
          }
          await repository.updateVehicle(trx, id, values);
          if (values.status !== undefined && values.status !== existing.status)
            await auditTrail.record(trx, {
              actor,
              action: 'vehicle.status_changed',
              entityId: id,
              organizationId: existing.organization_id,
              before: { status: existing.status },
              after: { status: values.status },
            });
        }),
      );
      return toVehicle(await find(actor, id));
    },

    async remove(actor: Actor, id: string) {
      const existing = await find(actor, id);
      const label = existing.plate_number ?? `${existing.make} ${existing.model}`;
      if (existing.driver_id || (await repository.vehicleHasHistory(db, id))) {
        throw new AppError(
          'HAS_HISTORY',
          `${label} has history (assignments, insurance or requests) and cannot be deleted. Set it INACTIVE instead.`,
        );
      }
      const keys = await db.transaction().execute(async (trx) => {
        const imageKey = await repository.deleteVehicle(trx, id);
        return imageKey ? files.forget(trx, { keys: [imageKey] }) : [];
      });
      await files.discard(keys);
      return { message: `${label} was deleted` };
    },

    async assignDriver(actor: Actor, body: RouteBody<typeof vehicleRoutes.assignDriver>) {
      const vehicle = await find(actor, body.vehicleId);
      await plateIsFree(() =>
        db.transaction().execute(async (trx) => {
          await usage.assertWritable(trx, vehicle.organization_id, 'drivers cannot be assigned');
          await assign(trx, actor, vehicle, body.driverId);
        }),
      );
      return toVehicle(await find(actor, vehicle.id));
    },

    async unassignDriver(actor: Actor, id: string) {
      const vehicle = await find(actor, id);
      if (!vehicle.driver_id) throw new AppError('RULE_VIOLATION', 'This vehicle has no driver to unassign');
      const driverId = vehicle.driver_id;
      await db.transaction().execute(async (trx) => {
        await usage.assertWritable(trx, vehicle.organization_id, 'drivers cannot be unassigned');
        if (!(await assignmentsRepository.clearDriver(trx, id, driverId))) {
          throw new AppError('CONFLICT', 'The driver of this vehicle just changed. Reload and try again.');
        }
        await assignmentsRepository.closeAssignment(trx, id, actor.userId);
      });
      return toVehicle(await find(actor, id));
    },

    /**
     * The first `limit` due vehicles, soonest problems first, with the reasons, in words, that make
     * each one due; and how many are due in all (read from each vehicle's due day, not the rule
     * over the fleet).
     */
    async dueAlerts(scope: DueScope, limit = 10) {
      const day = today();
      const { rows, due } = await dueRepository.dueVehicles(db, scope, day, limit);
      return { alerts: rows.map((row) => dueAlert(row, day)), due };
    },

    /**
     * Every due vehicle as `dueAlerts` gives it, in its order, `batchSize` at a time (the Service
     * Term report). `runRead` runs each batch's read: the reports pass theirs (a read-only
     * transaction under their statement timeout, on their database); by default this module's.
     */
    dueAlertBatches(scope: DueScope, batchSize: number, runRead: RunRead = (read) => read(db)) {
      const day = today();
      return mapBatches(
        inBatches<DueRow, DueCursor>(
          (after, size) => runRead((executor) => dueRepository.dueVehicleBatch(executor, scope, day, after, size)),
          batchSize,
        ),
        (row) => dueAlert(row, day),
      );
    },

    /** Due vehicles with each part of the due rule they meet, told apart, for the alerts centre. */
    async dueFindings(scope: DueScope, limit: number) {
      const day = today();
      const { rows } = await dueRepository.dueVehicles(db, scope, day, limit);
      return rows.map((row) => ({
        vehicleId: row.id,
        organizationId: row.organization_id,
        plateNumber: row.plate_number,
        name: `${row.make} ${row.model}`,
        findings: dueFindings(row, day),
      }));
    },

    /** Assets in service and how many are due for maintenance, for one organization or all (read through `executor`, if given). */
    counts: (organizationId: string | null, executor: Database = db) => dueRepository.countVehicles(executor, organizationId, today()),

    /** A vehicle as a request sees it, in the organization (or any, for null); locked when asked. */
    forRequest: (executor: Database, vehicleId: string, organizationId: string | null, options: { lock?: boolean } = {}) =>
      requestVehiclesRepository.findVehicleForRequest(executor, vehicleId, organizationId, { lock: options.lock ?? false }),
    recordOdometer: (executor: Database, vehicleId: string, reading: number) =>
      requestVehiclesRepository.recordOdometer(executor, vehicleId, reading),
    /** A maintenance job moves the vehicle in and out of service; the vehicle's own history records it too. */
    async setStatus(
      executor: Database,
      vehicleId: string,
      status: 'ACTIVE' | 'UNDER_MAINTENANCE',
      cause: { actor: AuditActor; note: string },
    ): Promise<void> {
      const changed = await requestVehiclesRepository.setVehicleStatus(executor, vehicleId, status);
      if (!changed || changed.before === status) return;
      await auditTrail.record(executor, {
        actor: cause.actor,
        action: 'vehicle.status_changed',
        entityId: vehicleId,
        organizationId: changed.organization_id,
        before: { status: changed.before },
        after: { status },
        note: cause.note,
      });
    },
    lockDepartment: (executor: Database, departmentId: string) => requestVehiclesRepository.lockDepartment(executor, departmentId),

    /** For the insurance service: the vehicle the actor may see, or 404. */
    find,
    today,
  };
}

export type VehiclesService = ReturnType<typeof createVehiclesService>;
