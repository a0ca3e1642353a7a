/**
 * Client organizations, managed by the platform admin. Assigning a plan starts a billing cycle
 * (nextBilling = now + the plan's cycle); an inactive plan cannot be chosen; an organization with
 * history cannot be deleted, only suspended.
 */
import type { z } from 'zod';
import type {
  organizationAnalyticsSchema,
  organizationSettingsRoutes,
  organizationSettingsSchema,
  Organization,
  OrganizationType,
  RouteBody,
  RouteQuery,
  TenantStatus,
  organizationRoutes,
} from '@fleetfuel/contract';
import { koboToNaira, nairaToKobo } from '@fleetfuel/contract';
import type { Database } from '../../platform/db/database.js';
import { isUniqueViolation } from '../../platform/db/database.js';
import { AppError, invalidField, notFound } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/actor.js';
import type { UploadedFile } from '../../platform/http/uploads.js';
import type { FilesService } from '../files/index.js';
import type { LedgerService } from '../ledger/index.js';
import type { VehiclesService } from '../vehicles/index.js';
import { lagosDate, lagosDayRange, type Clock } from '../../platform/clock.js';
import { organizationFilter } from '../../platform/tenancy/organization-scope.js';
import { auditTrail } from '../audit/index.js';
import * as repository from './organizations.repository.js';
import type { OrganizationRow } from './organizations.repository.js';

type CreateBody = RouteBody<typeof organizationRoutes.create>;
type UpdateBody = RouteBody<typeof organizationRoutes.update>;

export interface OrganizationsService {
  analytics(): Promise<z.infer<typeof organizationAnalyticsSchema>>;
  list(query: RouteQuery<typeof organizationRoutes.list>): Promise<{ data: Organization[]; total: number }>;
  get(id: string): Promise<Organization>;
  create(actor: Actor, body: CreateBody, image: UploadedFile | undefined): Promise<Organization>;
  update(actor: Actor, id: string, body: UpdateBody, image: UploadedFile | undefined): Promise<Organization>;
  remove(id: string): Promise<{ message: string }>;
  /** A new organization on the platform's default plan, inside the caller's transaction. */
  createForSignUp(trx: Database, values: { name: string; type: OrganizationType }): Promise<string>;
  settings(actor: Actor, requested: string | undefined): Promise<{ settings: OrganizationSettings }>;
  updateSettings(actor: Actor, body: RouteBody<typeof organizationSettingsRoutes.update>): Promise<{ settings: OrganizationSettings }>;
}

type OrganizationSettings = z.infer<typeof organizationSettingsSchema>;

function toSettings(row: NonNullable<Awaited<ReturnType<typeof repository.findSettings>>>): OrganizationSettings {
  return {
    organizationId: row.id,
    name: row.name,
    type: row.type,
    address: row.address,
    status: row.status,
    domain: row.domain,
    defaultStationId: row.default_station_id,
    couponValidityDays: row.coupon_validity_days,
    allowExpiredInsurance: row.allow_expired_insurance,
    serviceIntervalDays: row.service_interval_days,
    serviceIntervalKm: row.service_interval_km,
    lowBalanceThreshold: koboToNaira(row.low_balance_threshold_kobo),
    requireNoteForFlaggedApproval: row.require_note_for_flagged_approval,
    requireDriverConfirmation: row.require_driver_confirmation,
    requireVehicleScan: row.require_vehicle_scan,
    requireOdometerPhoto: row.require_odometer_photo,
    requireOdometerAtPump: row.require_odometer_at_pump,
    asciiTexts: row.ascii_texts,
  };
}

export interface OrganizationsDeps {
  db: Database;
  files: FilesService;
  ledger: LedgerService;
  vehicles: Pick<VehiclesService, 'counts'>;
  clock: Clock;
}

export function createOrganizationsService(deps: OrganizationsDeps): OrganizationsService {
  const { db, files, ledger, vehicles, clock } = deps;

  const toOrganization = (row: OrganizationRow): Organization => ({
    id: row.id,
    name: row.name,
    type: row.type as OrganizationType,
    address: row.address,
    status: row.status as TenantStatus,
    subscriptionId: row.subscription_plan_id,
    subscription: row.subscription_plan_id && row.plan_name ? { id: row.subscription_plan_id, name: row.plan_name } : null,
    domain: row.domain,
    nextBilling: row.next_billing?.toISOString() ?? null,
    imageUrl: files.url(row.image_key),
    vehiclesCount: Number(row.vehicles_count ?? 0),
    driversCount: Number(row.drivers_count ?? 0),
    createdAt: row.created_at.toISOString(),
  });

  async function view(id: string): Promise<Organization> {
    const row = await repository.findOrganization(db, id);
    if (!row) throw notFound('Organization');
    return toOrganization(row);
  }

  /** The plan to assign and its cycle length; an inactive plan is refused. */
  async function choosePlan(executor: Database, planId: string) {
    const plan = await repository.findPlan(executor, planId);
    if (!plan) throw invalidField('subscriptionId', 'This subscription plan does not exist');
    if (plan.status !== 'ACTIVE') {
      throw new AppError('RULE_VIOLATION', `The ${plan.name} plan is inactive and cannot be chosen`, { field: 'subscriptionId' });
    }
    return plan;
  }

  async function nameIsFree<T>(write: () => Promise<T>, field = 'name'): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error, 'organizations_name_key')) {
        throw new AppError('CONFLICT', 'An organization with this name already exists', { field });
      }
      throw error;
    }
  }

  return {
    async analytics() {
      const now = clock.now();
      // The month as Nigerians count it: from midnight on the 1st in Lagos.
      const monthStart = new Date(`${lagosDate(now).slice(0, 8)}01T00:00:00+01:00`);
      const [clients, fleet] = await Promise.all([repository.clientCounts(db, now, monthStart), vehicles.counts(null)]);
      return {
        activeClients: { count: Number(clients.active), newThisWeek: Number(clients.active_new_this_week) },
        suspendedClients: Number(clients.suspended),
        totalClients: { count: Number(clients.total), addedThisMonth: Number(clients.added_this_month) },
        totalVehicles: fleet.total,
        vehiclesNeedServicing: fleet.due,
      };
    },

    async list(query) {
      const { rows, total } = await repository.listOrganizations(db, { ...query, createdWithin: lagosDayRange(query) });
      return { data: rows.map(toOrganization), total };
    },

    get: view,

    async create(actor, body, image) {
      const id = await nameIsFree(() =>
        db.transaction().execute(async (trx) => {
          const plan = body.subscriptionId ? await choosePlan(trx, body.subscriptionId) : null;
          const organizationId = await repository.insertOrganization(trx, {
            name: body.name,
            type: body.type,
            address: body.address ?? null,
            status: body.status ?? 'ACTIVE',
            domain: body.domain?.toLowerCase() ?? null,
            planId: plan?.id ?? null,
            circleDays: plan?.circle_days ?? null,
          });
          await ledger.createWallet(trx, { organizationId });
          if (image) {
            const imageKey = await files.store(
              image,
              'image',
              { purpose: 'ORGANIZATION_LOGO', organizationId, uploadedBy: actor.userId },
              trx,
            );
            await repository.updateOrganization(trx, organizationId, { imageKey });
          }
          return organizationId;
        }),
      );
      return view(id);
    },

    async update(actor, id, body, image) {
      const existing = await repository.findOrganization(db, id);
      if (!existing) throw notFound('Organization');
      await nameIsFree(() =>
        db.transaction().execute(async (trx) => {
          const planChanges = body.subscriptionId !== undefined && body.subscriptionId !== existing.subscription_plan_id;
          const plan = planChanges && body.subscriptionId ? await choosePlan(trx, body.subscriptionId) : null;
          const imageKey = image
            ? await files.store(image, 'image', { purpose: 'ORGANIZATION_LOGO', organizationId: id, uploadedBy: actor.userId }, trx)
            : undefined;
          await repository.updateOrganization(trx, id, {
            ...(body.name !== undefined ? { name: body.name } : {}),
            ...(body.type !== undefined ? { type: body.type } : {}),
            ...(body.address !== undefined ? { address: body.address } : {}),
            ...(body.status !== undefined ? { status: body.status } : {}),
            ...(body.domain !== undefined ? { domain: body.domain?.toLowerCase() ?? null } : {}),
            ...(planChanges ? { planId: plan?.id ?? null, circleDays: plan?.circle_days ?? null } : {}),
            ...(imageKey ? { imageKey } : {}),
          });
          if (body.status !== undefined && body.status !== existing.status)
            await auditTrail.record(trx, {
              actor,
              action: 'organization.status_changed',
              entityId: id,
              organizationId: id,
              before: { status: existing.status },
              after: { status: body.status },
            });
          if (planChanges)
            await auditTrail.record(trx, {
              actor,
              action: 'organization.plan_changed',
              entityId: id,
              organizationId: id,
              before: { subscriptionPlanId: existing.subscription_plan_id },
              after: { subscriptionPlanId: plan?.id ?? null },
            });
        }),
      );
      return view(id);
    },

    async remove(id) {
      const existing = await repository.findOrganization(db, id);
      if (!existing) throw notFound('Organization');
      if (await repository.organizationHasHistory(db, id)) {
        throw new AppError(
          'HAS_HISTORY',
          `${existing.name} has history (accounts, assets or requests) and cannot be deleted. Suspend it instead.`,
        );
      }
      const keys = await db.transaction().execute(async (trx) => {
        await ledger.deleteWallet(trx, { organizationId: id }, existing.name);
        await repository.unlinkImage(trx, id);
        const removed = await files.forget(trx, { organizationId: id });
        await repository.deleteOrganization(trx, id);
        return removed;
      });
      await files.discard(keys);
      return { message: `${existing.name} was deleted` };
    },

    async settings(actor, requested) {
      const organizationId = organizationFilter(actor, requested);
      if (!organizationId) throw invalidField('organizationId', 'Choose an organization');
      const row = await repository.findSettings(db, organizationId);
      if (!row) throw notFound('Organization');
      return { settings: toSettings(row) };
    },

    async updateSettings(actor, body) {
      const organizationId = organizationFilter(actor, null);
      if (!organizationId) throw invalidField('organizationId', 'Choose an organization');
      if (body.defaultStationId) {
        const station = await repository.findStationStatus(db, body.defaultStationId);
        if (!station) throw invalidField('defaultStationId', 'This fuel station does not exist');
        if (station.status !== 'ACTIVE') throw invalidField('defaultStationId', `${station.name} is not active and cannot be chosen`);
      }
      await repository.saveSettings(db, organizationId, {
        ...(body.defaultStationId !== undefined ? { default_station_id: body.defaultStationId } : {}),
        ...(body.couponValidityDays != null ? { coupon_validity_days: body.couponValidityDays } : {}),
        ...(body.allowExpiredInsurance !== undefined ? { allow_expired_insurance: body.allowExpiredInsurance } : {}),
        ...(body.serviceIntervalDays != null ? { service_interval_days: body.serviceIntervalDays } : {}),
        ...(body.serviceIntervalKm != null ? { service_interval_km: body.serviceIntervalKm } : {}),
        ...(body.lowBalanceThreshold != null ? { low_balance_threshold_kobo: nairaToKobo(body.lowBalanceThreshold).toString() } : {}),
        ...(body.requireNoteForFlaggedApproval !== undefined
          ? { require_note_for_flagged_approval: body.requireNoteForFlaggedApproval }
          : {}),
        ...(body.requireDriverConfirmation !== undefined ? { require_driver_confirmation: body.requireDriverConfirmation } : {}),
        ...(body.requireVehicleScan !== undefined ? { require_vehicle_scan: body.requireVehicleScan } : {}),
        ...(body.requireOdometerPhoto !== undefined ? { require_odometer_photo: body.requireOdometerPhoto } : {}),
        ...(body.requireOdometerAtPump !== undefined ? { require_odometer_at_pump: body.requireOdometerAtPump } : {}),
        ...(body.asciiTexts !== undefined ? { ascii_texts: body.asciiTexts } : {}),
      });
      return this.settings(actor, undefined);
    },

    async createForSignUp(trx, values) {
      const plan = await repository.findDefaultPlan(trx);
      const organizationId = await nameIsFree(
        () =>
          repository.insertOrganization(trx, {
            ...values,
            address: null,
            status: 'ACTIVE',
            domain: null,
            planId: plan?.id ?? null,
            circleDays: plan?.circle_days ?? null,
          }),
        'organizationName',
      );
      await ledger.createWallet(trx, { organizationId });
      return organizationId;
    },
  };
}
