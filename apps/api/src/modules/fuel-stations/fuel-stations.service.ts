/**
 * Partner fuel stations, managed by the platform admin. A station sells some of PETROL, DIESEL,
 * ELECTRIC and CNG; its position is optional but, when given, both coordinates are.
 */
import type { FuelStation, RouteBody, RouteQuery, SoldFuelType, TenantStatus, fuelStationRoutes } from '@fleetfuel/contract';
import { hourMinute, lagosDayRange } from '../../platform/clock.js';
import type { Database } from '../../platform/db/database.js';
import { AppError, invalidField, notFound } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/actor.js';
import type { UploadedFile } from '../../platform/http/uploads.js';
import type { FilesService } from '../files/index.js';
import type { LedgerService } from '../ledger/index.js';
import { auditTrail } from '../audit/index.js';
import * as repository from './fuel-stations.repository.js';
import type { FuelStationRow } from './fuel-stations.repository.js';

type CreateBody = RouteBody<typeof fuelStationRoutes.create>;
type UpdateBody = RouteBody<typeof fuelStationRoutes.update>;

export interface FuelStationsService {
  list(query: RouteQuery<typeof fuelStationRoutes.list>): Promise<{ data: FuelStation[]; total: number }>;
  get(id: string): Promise<FuelStation>;
  create(actor: Actor, body: CreateBody, image: UploadedFile | undefined): Promise<FuelStation>;
  update(actor: Actor, id: string, body: UpdateBody, image: UploadedFile | undefined): Promise<FuelStation>;
  remove(id: string): Promise<{ message: string }>;
}

function assertCoordinatePair(latitude: number | null | undefined, longitude: number | null | undefined): void {
  if ((latitude == null) !== (longitude == null)) {
    throw invalidField(latitude == null ? 'latitude' : 'longitude', 'Enter both latitude and longitude, or neither');
  }
}

function assertOpeningHours(opensAt: string | null, closesAt: string | null): void {
  if ((opensAt === null) !== (closesAt === null)) {
    throw invalidField(opensAt === null ? 'opensAt' : 'closesAt', 'Enter both the opening and the closing time, or neither');
  }
  if (opensAt !== null && opensAt === closesAt) throw invalidField('closesAt', 'The closing time must differ from the opening time');
}

export function createFuelStationsService(deps: { db: Database; files: FilesService; ledger: LedgerService }): FuelStationsService {
  const { db, files, ledger } = deps;

  const toFuelStation = (row: FuelStationRow): FuelStation => ({
    id: row.id,
    name: row.name,
    address: row.address,
    state: row.state,
    latitude: row.latitude === null ? null : Number(row.latitude),
    longitude: row.longitude === null ? null : Number(row.longitude),
    status: row.status as TenantStatus,
    imageUrl: files.url(row.image_key),
    availableFuels: row.available_fuels as SoldFuelType[],
    opensAt: hourMinute(row.opens_at),
    closesAt: hourMinute(row.closes_at),
    vehiclesCount: Number(row.vehicles_count ?? 0),
    driversCount: Number(row.drivers_count ?? 0),
    createdAt: row.created_at.toISOString(),
  });

  async function view(id: string): Promise<FuelStation> {
    const row = await repository.findFuelStation(db, id);
    if (!row) throw notFound('Fuel station');
    return toFuelStation(row);
  }

  return {
    async list(query) {
      const { rows, total } = await repository.listFuelStations(db, { ...query, createdWithin: lagosDayRange(query) });
      return { data: rows.map(toFuelStation), total };
    },

    get: view,

    async create(actor, body, image) {
      assertCoordinatePair(body.latitude, body.longitude);
      assertOpeningHours(body.opensAt ?? null, body.closesAt ?? null);
      const id = await db.transaction().execute(async (trx) => {
        const stationId = await repository.insertFuelStation(trx, {
          name: body.name,
          address: body.address ?? null,
          state: body.state ?? null,
          latitude: body.latitude ?? null,
          longitude: body.longitude ?? null,
          status: body.status ?? 'ACTIVE',
          availableFuels: body.availableFuels,
          opensAt: body.opensAt ?? null,
          closesAt: body.closesAt ?? null,
        });
        await ledger.createWallet(trx, { stationId });
        if (image) {
          const imageKey = await files.store(
            image,
            'image',
            { purpose: 'STATION_IMAGE', fuelStationId: stationId, uploadedBy: actor.userId },
            trx,
          );
          await repository.updateFuelStation(trx, stationId, { imageKey });
        }
        return stationId;
      });
      return view(id);
    },

    async update(actor, id, body, image) {
      const existing = await repository.findFuelStation(db, id);
      if (!existing) throw notFound('Fuel station');
      const latitude = body.latitude === undefined ? (existing.latitude === null ? null : Number(existing.latitude)) : body.latitude;
      const longitude = body.longitude === undefined ? (existing.longitude === null ? null : Number(existing.longitude)) : body.longitude;
      assertCoordinatePair(latitude, longitude);
      assertOpeningHours(
        body.opensAt === undefined ? hourMinute(existing.opens_at) : body.opensAt,
        body.closesAt === undefined ? hourMinute(existing.closes_at) : body.closesAt,
      );
      await db.transaction().execute(async (trx) => {
        const imageKey = image
          ? await files.store(image, 'image', { purpose: 'STATION_IMAGE', fuelStationId: id, uploadedBy: actor.userId }, trx)
          : undefined;
        await repository.updateFuelStation(trx, id, {
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.address !== undefined ? { address: body.address } : {}),
          ...(body.state !== undefined ? { state: body.state } : {}),
          ...(body.latitude !== undefined ? { latitude: body.latitude } : {}),
          ...(body.longitude !== undefined ? { longitude: body.longitude } : {}),
          ...(body.status !== undefined ? { status: body.status } : {}),
          ...(body.availableFuels !== undefined ? { availableFuels: body.availableFuels } : {}),
          ...(body.opensAt !== undefined ? { opensAt: body.opensAt } : {}),
          ...(body.closesAt !== undefined ? { closesAt: body.closesAt } : {}),
          ...(imageKey ? { imageKey } : {}),
        });
        if (body.status !== undefined && body.status !== existing.status)
          await auditTrail.record(trx, {
            actor,
            action: 'fuel_station.status_changed',
            entityId: id,
            stationId: id,
            before: { status: existing.status },
            after: { status: body.status },
          });
      });
      return view(id);
    },

    async remove(id) {
      const existing = await repository.findFuelStation(db, id);
      if (!existing) throw notFound('Fuel station');
      if (await repository.fuelStationHasHistory(db, id)) {
        throw new AppError(
          'HAS_HISTORY',
          `${existing.name} has history (staff, prices or redemptions) and cannot be deleted. Set it INACTIVE instead.`,
        );
      }
      const keys = await db.transaction().execute(async (trx) => {
        await ledger.deleteWallet(trx, { stationId: id }, existing.name);
        await repository.unlinkImage(trx, id);
        const removed = await files.forget(trx, { fuelStationId: id });
        await repository.deleteFuelStation(trx, id);
        return removed;
      });
      await files.discard(keys);
      return { message: `${existing.name} was deleted` };
    },
  };
}
