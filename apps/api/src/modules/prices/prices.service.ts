/**
 * Station fuel prices. Each change is a new row, so the history is the table; the current price
 * of a fuel is its latest row. Approval of a fuel request locks the current price into the request.
 */
import {
  FUEL_UNITS,
  koboToNaira,
  nairaToKobo,
  type FuelPrice,
  type ListQuery,
  type RouteBody,
  type SoldFuelType,
  type priceRoutes,
} from '@fleetfuel/contract';
import type { Database } from '../../platform/db/database.js';
import { AppError, forbidden, invalidField, notFound } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/actor.js';
import { auditTrail } from '../audit/index.js';
import * as repository from './prices.repository.js';
import type { PriceRow } from './prices.repository.js';

function toFuelPrice(row: PriceRow): FuelPrice {
  const fuelType = row.fuel_type as SoldFuelType;
  return {
    id: row.id,
    fuelStationId: row.fuel_station_id,
    fuelType,
    pricePerLitre: koboToNaira(row.price_kobo),
    unit: FUEL_UNITS[fuelType],
    setBy: row.set_by && row.set_by_name ? { id: row.set_by, name: row.set_by_name } : null,
    createdAt: row.created_at.toISOString(),
  };
}

export function createPricesService(deps: { db: Database }) {
  const { db } = deps;

  /** A station user's own station; the platform admin must name one. */
  function stationOf(actor: Actor, requested: string | undefined): string {
    if (actor.role === 'ADMIN') {
      if (!requested) throw invalidField('stationId', 'Choose a fuel station');
      return requested;
    }
    if (!actor.fuelStationId) throw forbidden();
    if (requested && requested !== actor.fuelStationId) throw notFound('Fuel station');
    return actor.fuelStationId;
  }

  return {
    async update(actor: Actor, body: RouteBody<typeof priceRoutes.update>) {
      const stationId = stationOf(actor, undefined);
      const station = await repository.findStationForPricing(db, stationId);
      if (!station) throw notFound('Fuel station');
      if (!station.available_fuels.includes(body.fuelType)) {
        throw new AppError('RULE_VIOLATION', `${station.name} does not sell ${body.fuelType}`, { field: 'fuelType' });
      }
      const priceKobo = nairaToKobo(body.pricePerLitre);
      const row = await db.transaction().execute(async (trx) => {
        const previous = await repository.currentPrice(trx, stationId, body.fuelType);
        const inserted = await repository.insertPrice(trx, { stationId, fuelType: body.fuelType, priceKobo, setBy: actor.userId });
        await auditTrail.record(trx, {
          actor,
          action: 'fuel_station.price_changed',
          entityId: stationId,
          stationId,
          before: { [body.fuelType]: previous ? koboToNaira(previous.price_kobo) : null },
          after: { [body.fuelType]: koboToNaira(priceKobo) },
        });
        return inserted;
      });
      return { message: 'Price Updated!', price: toFuelPrice(row) };
    },

    async history(actor: Actor, query: ListQuery & { fuelType?: SoldFuelType; stationId?: string }) {
      const stationId = stationOf(actor, query.stationId);
      const station = await repository.findStationForPricing(db, stationId);
      if (!station) throw notFound('Fuel station');
      const [current, history] = await Promise.all([
        repository.currentPrices(db, [stationId]),
        repository.listPriceHistory(db, { ...query, stationId }),
      ]);
      return {
        availableFuels: station.available_fuels as SoldFuelType[],
        current: current.map(toFuelPrice),
        prices: history.rows.map(toFuelPrice),
        meta: { page: query.page, pageSize: query.pageSize, total: history.total },
      };
    },

    /** The price per unit in kobo a station charges now for a fuel, or null when it has none. */
    async currentPriceKobo(executor: Database, stationId: string, fuelType: SoldFuelType): Promise<bigint | null> {
      const row = await repository.currentPrice(executor, stationId, fuelType);
      return row ? BigInt(row.price_kobo) : null;
    },

    /**
     * The station's median price per unit in kobo (as text, null when never priced) for a fuel since
     * a moment, as an expression for the caller's statement: the anomaly flags read it beside the
     * vehicle's history in one statement.
     */
    medianPriceSince: (stationId: string, fuelType: SoldFuelType, since: Date) => repository.medianPriceSince(stationId, fuelType, since),

    /** A station as requests see it. */
    station: (executor: Database, stationId: string) => repository.findStation(executor, stationId),

    /** ACTIVE stations with their fuels and current prices. */
    async activeStations() {
      const stations = await repository.activeStations(db);
      const prices = (
        await repository.currentPrices(
          db,
          stations.map((s) => s.id),
        )
      ).map(toFuelPrice);
      return stations.map((station) => ({ station, prices: prices.filter((p) => p.fuelStationId === station.id) }));
    },

    /** Current prices at several stations, for the station list organizations choose from. */
    async currentAt(stationIds: readonly string[]): Promise<FuelPrice[]> {
      return (await repository.currentPrices(db, stationIds)).map(toFuelPrice);
    },
  };
}

export type PricesService = ReturnType<typeof createPricesService>;
