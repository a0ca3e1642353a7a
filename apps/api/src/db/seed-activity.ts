/**
 * Demo activity on top of the demo registry: wallets funded by card, adjustments and a
 * subscription payment, a verified station bank account and a payout, fuel reserves, and fuel and
 * maintenance requests in every status with six months of redemptions, so that every list, card
 * and chart has something true to show. Money goes through the ledger service like everything else;
 * history keeps its dates, and the audit trail holds the entries the services would have recorded
 * for it. Dates are relative to `now`, and every event happened at or before it: only coupons'
 * expiries and planned service days lie ahead.
 */
import { randomUUID } from 'node:crypto';
import { formatNaira, koboToNaira, nairaToKobo, type AuditAction, type Role, type SoldFuelType } from '@fleetfuel/contract';
import { sql } from 'kysely';
import type { Database } from '../platform/db/database.js';
import { addDays, lagosDate } from '../platform/clock.js';
import { newCouponCode } from '../platform/coupons.js';
import { auditTrail, type AuditActor, type AuditRecord } from '../modules/audit/index.js';
import { createLedgerService } from '../modules/ledger/index.js';
import { createPricesService } from '../modules/prices/index.js';
import { DEMO_ADDRESSES } from './demo-addresses.js';
import { seedDemoFuelControls } from './seed-fuel-controls.js';
import { fuelRequestFlags } from '../modules/requests/index.js';
import { saveStationBankAccount } from '../modules/wallet/index.js';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** The roles whose sign-ins the auth service records. */
const AUDITED_SIGN_IN_ROLES: ReadonlySet<Role> = new Set(['ADMIN', 'ADMINISTRATOR', 'STATION_REP']);

export async function seedDemoActivity(trx: Database, now = new Date(), options: { fuelControls?: boolean } = {}): Promise<void> {
  const ledger = createLedgerService();
  /** `hour` o'clock UTC `days` days before today: history, in the past for any `days` of 1 or more. */
  const ago = (days: number, hour = 10) => new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS - days * DAY_MS + hour * HOUR_MS);
  /** Today's events, counted back from `now` rather than forward from midnight, so that none lies ahead of it. */
  const hoursAgo = (hours: number) => new Date(now.getTime() - hours * HOUR_MS);
  const later = (at: Date, hours: number) => new Date(at.getTime() + hours * HOUR_MS);
  const dayOf = (date: Date) => lagosDate(date);

  const one = async <T>(query: Promise<T | undefined>, what: string): Promise<T> => {
    const row = await query;
    if (!row) throw new Error(`Demo activity needs ${what}`);
    return row;
  };
  const orgId = async (name: string) =>
    (await one(trx.selectFrom('organizations').select('id').where('name', '=', name).executeTakeFirst(), name)).id;
  const stationId = async (name: string) =>
    (await one(trx.selectFrom('fuel_stations').select('id').where('name', '=', name).executeTakeFirst(), name)).id;
  // The fleet was registered when its group was set up, before the months of history below, so an
  // asset's "Date Added" precedes its first fill. (Without this history the base seed's assets are
  // new today, which keeps them out of the due-by-date rule in tests that count due vehicles.)
  await sql`UPDATE vehicles v SET created_at = d.created_at FROM departments d WHERE d.id = v.department_id`.execute(trx);
  const demoAssets = ['LND-451-KJ', 'APP-220-XA', 'KJA-118-QB', 'KAN-903-BT', 'KAN-412-MC', 'MP 100kVA', 'P200-3'];
  const fleet = await trx
    .selectFrom('vehicles')
    .select(['id', 'organization_id', 'plate_number', 'model'])
    .where((eb) => eb.or([eb('plate_number', 'in', demoAssets), eb('model', 'in', demoAssets)]))
    .execute();
  const vehicle = (plateOrModel: string) => {
    const found = fleet.find((v) => v.plate_number === plateOrModel || v.model === plateOrModel);
    if (!found) throw new Error(`Demo activity needs ${plateOrModel}`);
    return { id: found.id, organization_id: found.organization_id };
  };

  const acme = await orgId('Acme Logistics');
  const beta = await orgId('Beta Haulage');
  const unity = await stationId('Unity Fuels Ikeja');
  const greenline = await stationId('Greenline Energy Lekki');
  const staff = await trx
    .selectFrom('users')
    .select(['id', 'email', 'role', 'organization_id', 'fuel_station_id'])
    .where('email', 'in', Object.keys(DEMO_ADDRESSES))
    .execute();
  const userId = (email: string) => {
    const user = staff.find((row) => row.email === email);
    if (!user) throw new Error(`Demo activity needs ${email}`);
    return user.id;
  };
  const people = {
    acmeAdmin: userId('orgadmin@acme.test'),
    acmeAsst: userId('asst@acme.test'),
    acmeDriver: userId('driver@acme.test'),
    betaAdmin: userId('orgadmin@beta.test'),
    unityRep: userId('rep@unityfuels.test'),
    unityAttendant: userId('attendant@unityfuels.test'),
    greenlineRep: userId('rep@greenline.test'),
    platformAdmin: userId('admin@fleetfuel.test'),
  };
  const actorOf = (id: string): AuditActor => {
    const user = staff.find((row) => row.id === id);
    if (!user) throw new Error(`Demo activity has no actor ${id}`);
    return { userId: user.id, role: user.role as Role, ipAddress: DEMO_ADDRESSES[user.email ?? ''] };
  };

  /**
   * The audit entries of the history below, each at the time its change happened, as the service
   * that makes the change would have recorded them; written at the end in one statement.
   */
  const history: Array<AuditRecord & { at: Date }> = [];
  const audit = (at: Date, by: string | null, entry: Omit<AuditRecord, 'actor'>) => {
    const recorded = { ...entry, actor: by === null ? null : actorOf(by), at };
    history.push(recorded);
    return recorded;
  };
  const wallets = {
    acme: (await ledger.wallet(trx, { organizationId: acme })).id,
    beta: (await ledger.wallet(trx, { organizationId: beta })).id,
    unity: (await ledger.wallet(trx, { stationId: unity })).id,
    greenline: (await ledger.wallet(trx, { stationId: greenline })).id,
  };
  const walletOwners = new Map([
    [wallets.acme, { organizationId: acme, stationId: null }],
    [wallets.beta, { organizationId: beta, stationId: null }],
    [wallets.unity, { organizationId: null, stationId: unity }],
    [wallets.greenline, { organizationId: null, stationId: greenline }],
  ]);
  /** Wallet movements' entries, whose balances are filled in once the whole history is posted (recordHistory). */
  const movements: Array<{ entry: AuditRecord; walletId: string; entryId: string; amountKobo: bigint }> = [];
  const moved = (
    at: Date,
    by: string | null,
    movement: { action: Extract<AuditAction, `wallet.${string}`>; walletId: string; entryId: string; amountKobo: bigint; note: string },
  ) => {
    const entry = audit(at, by, {
      action: movement.action,
      entityId: movement.walletId,
      ...walletOwners.get(movement.walletId),
      note: movement.note,
    });
    movements.push({ entry, walletId: movement.walletId, entryId: movement.entryId, amountKobo: movement.amountKobo });
  };
  const clearing = await ledger.platformAccount(trx, 'CARD_CLEARING');
  const adjustments = await ledger.platformAccount(trx, 'ADJUSTMENTS');
  const revenue = await ledger.platformAccount(trx, 'PLATFORM_REVENUE');
  const payoutClearing = await ledger.platformAccount(trx, 'PAYOUT_CLEARING');

  let sequence = 0;
  const reference = (prefix: string) => `FF-${prefix}-DEMO${(sequence += 1).toString().padStart(4, '0')}`;

  async function cardFunding(organizationId: string, wallet: string, naira: number, at: Date, by: string) {
    const ref = reference('FUND');
    const amount = nairaToKobo(naira);
    const { entryId } = await ledger.post(trx, {
      idempotencyKey: `charge:${ref}`,
      kind: 'FUNDING',
      description: 'Card payment into wallet',
      reference: ref,
      createdBy: by,
      at,
      postings: [
        { accountId: clearing, amount: -amount, type: 'FUNDING', note: ref },
        { accountId: wallet, amount, type: 'FUNDING', note: 'Card top-up' },
      ],
    });
    // The provider's confirmation credits the wallet: no person acts.
    moved(at, null, { action: 'wallet.funded', walletId: wallet, entryId, amountKobo: amount, note: `Card payment ${ref}` });
    await trx
      .insertInto('card_payments')
      .values({
        reference: ref,
        provider: 'sandbox',
        purpose: 'WALLET_FUNDING',
        account_id: wallet,
        organization_id: organizationId,
        amount_kobo: amount.toString(),
        status: 'SUCCESS',
        entry_id: entryId,
        initiated_by: by,
        created_at: at,
        completed_at: at,
      })
      .execute();
  }

  async function adjustment(wallet: string, type: 'CREDIT' | 'DEBIT', naira: number, note: string, at: Date) {
    const amount = type === 'CREDIT' ? nairaToKobo(naira) : -nairaToKobo(naira);
    const { entryId } = await ledger.post(trx, {
      idempotencyKey: `adjustment:demo:${(sequence += 1)}`,
      kind: type,
      description: `Balance ${type === 'CREDIT' ? 'credited' : 'debited'} by the platform admin`,
      createdBy: people.platformAdmin,
      at,
      postings: [
        { accountId: wallet, amount, type, note },
        { accountId: adjustments, amount: -amount, type, note },
      ],
    });
    moved(at, people.platformAdmin, { action: 'wallet.adjusted', walletId: wallet, entryId, amountKobo: amount, note });
  }

  // Money in.
  await cardFunding(acme, wallets.acme, 1_500_000, ago(190), people.acmeAdmin);
  // At 08:00, before that day's 10:00 fill of the truck: each of a wallet's movements has its own
  // moment, so that the balances its audit entries tell follow one order.
  await cardFunding(acme, wallets.acme, 1_200_000, ago(45, 8), people.acmeAsst);
  await cardFunding(beta, wallets.beta, 400_000, ago(100), people.betaAdmin);
  await adjustment(wallets.beta, 'CREDIT', 10_000, 'Welcome credit', ago(99));
  await adjustment(wallets.acme, 'DEBIT', 2_500, 'Correction of a duplicated top-up', ago(44));
  await adjustment(wallets.acme, 'CREDIT', 5_000, 'Goodwill credit for a delayed coupon', ago(6));

  // A subscription renewal paid from the wallet.
  const business = await one(
    trx.selectFrom('subscription_plans').select(['id', 'amount_kobo', 'circle_days']).where('name', '=', 'Business').executeTakeFirst(),
    'the Business plan',
  );
  const renewedAt = ago(10);
  const { entryId: renewalEntry } = await ledger.post(trx, {
    idempotencyKey: 'renewal:demo:acme',
    kind: 'SUBSCRIPTION',
    description: 'Business plan renewal for Acme Logistics',
    createdBy: people.acmeAdmin,
    at: renewedAt,
    postings: [
      { accountId: wallets.acme, amount: -BigInt(business.amount_kobo), type: 'SUBSCRIPTION', note: 'Business plan, 30 days' },
      { accountId: revenue, amount: BigInt(business.amount_kobo), type: 'SUBSCRIPTION', note: 'Acme Logistics' },
    ],
  });
  moved(renewedAt, people.acmeAdmin, {
    action: 'wallet.subscription_paid',
    walletId: wallets.acme,
    entryId: renewalEntry,
    amountKobo: -BigInt(business.amount_kobo),
    note: 'Business plan renewal',
  });
  // The renewal started the cycle that the organization is in now (seed.ts dates it).
  const acmeBilling = await one(
    trx.selectFrom('organizations').select('next_billing').where('id', '=', acme).executeTakeFirst(),
    'Acme Logistics',
  );
  const nextBilling = acmeBilling.next_billing;
  audit(renewedAt, people.acmeAdmin, {
    action: 'organization.renewed',
    entityId: acme,
    organizationId: acme,
    before: {
      subscriptionPlanId: business.id,
      nextBilling: nextBilling && new Date(nextBilling.getTime() - business.circle_days * DAY_MS),
    },
    after: { subscriptionPlanId: business.id, nextBilling },
    note: `Business plan: ${formatNaira(business.amount_kobo)} paid from the wallet`,
  });

  // A card payment started but not finished: the payer can still complete it on the sandbox page.
  const pendingRef = reference('FUND');
  await trx
    .insertInto('card_payments')
    .values({
      reference: pendingRef,
      provider: 'sandbox',
      purpose: 'WALLET_FUNDING',
      account_id: wallets.acme,
      organization_id: acme,
      amount_kobo: nairaToKobo(100_000).toString(),
      initiated_by: people.acmeAsst,
      created_at: now,
    })
    .execute();
  await trx
    .insertInto('sandbox_charges')
    .values({
      reference: pendingRef,
      amount_kobo: nairaToKobo(100_000).toString(),
      email: 'asst@acme.test',
      callback_url: 'http://localhost:3000/wallet',
    })
    .execute();

  // Unity Fuels Ikeja's verified bank account (as the sandbox resolves it).
  await saveStationBankAccount(trx, wallets.unity, {
    accountNumber: '0123456780',
    bankCode: '058',
    bankName: 'Guaranty Trust Bank',
    accountName: 'SANDBOX ACCOUNT 6780',
    verifiedAt: ago(120),
  });

  // Reserves: an active PETROL budget at Acme, a pending DIESEL one, an active DIESEL one at Beta.
  const reserve = async (
    organizationId: string,
    fuelType: string,
    amount: number,
    status: 'ACTIVE' | 'PENDING',
    by: string,
    approver: string | null,
    at: Date,
  ) => {
    const approvedAt = status === 'ACTIVE' ? later(at, 2) : null;
    const { id } = await trx
      .insertInto('fuel_reserves')
      .values({
        organization_id: organizationId,
        fuel_type: fuelType,
        amount,
        remaining: amount,
        status,
        requested_by: by,
        approved_by: approver,
        approved_at: approvedAt,
        created_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (approvedAt)
      audit(approvedAt, approver, {
        action: 'reserve.approved',
        entityId: id,
        organizationId,
        before: { status: 'PENDING' },
        after: { status: 'ACTIVE' },
      });
    return id;
  };
  const acmePetrol = await reserve(acme, 'PETROL', 2000, 'ACTIVE', people.acmeAsst, people.acmeAdmin, ago(30));
  await reserve(acme, 'DIESEL', 5000, 'PENDING', people.acmeAsst, null, ago(2));
  await reserve(beta, 'DIESEL', 1000, 'ACTIVE', people.betaAdmin, people.betaAdmin, ago(20));

  interface Redemption {
    vehicle: { id: string; organization_id: string };
    station: string;
    stationWallet: string;
    orgWallet: string;
    fuelType: string;
    volume: number;
    dispensed: number;
    priceNaira: number;
    at: Date;
    by: string;
    approver: string;
    odometer: number | null;
  }

  /** The entry of a fuel request's approval, as the requests service records it. */
  const fuelApproved = (
    request: { id: string; organizationId: string; stationId: string },
    at: Date,
    by: string,
    coupon: { priceKobo: bigint; holdKobo: bigint; expiresAt: Date },
  ) =>
    audit(at, by, {
      action: 'fuel_request.approved',
      entityId: request.id,
      organizationId: request.organizationId,
      stationId: request.stationId,
      before: { status: 'PENDING' },
      after: {
        status: 'APPROVED',
        pricePerUnit: koboToNaira(coupon.priceKobo),
        heldAmount: koboToNaira(coupon.holdKobo),
        couponExpiresAt: coupon.expiresAt,
        approvalNote: null,
      },
    });

  /** Each vehicle's latest reading, recorded once the redemptions are in. */
  const lastOdometer = new Map<string, number>();

  /** A fuel request redeemed in the past, paid through the ledger on its day. */
  async function redeemed(r: Redemption) {
    const price = nairaToKobo(r.priceNaira);
    const amount = (BigInt(Math.round(r.dispensed * 100)) * price + 50n) / 100n;
    const hold = (BigInt(Math.round(r.volume * 100)) * price + 50n) / 100n;
    const code = newCouponCode();
    const supplyDate = dayOf(r.at);
    const approvedAt = new Date(r.at.getTime() - HOUR_MS);
    const expiresAt = new Date(`${addDays(supplyDate, 3)}T23:59:59+01:00`);
    // Each station's own staff redeem its coupons: Greenline has no attendant, its rep serves.
    const redeemer = r.station === greenline ? people.greenlineRep : people.unityAttendant;
    // Paid first, so that the request is written once, naming its payment.
    const id = randomUUID();
    const { entryId } = await ledger.post(trx, {
      idempotencyKey: `redeem:${id}`,
      kind: 'PAYMENT',
      description: `Fuel redeemed: ${r.dispensed} L of ${r.fuelType}`,
      reference: code,
      createdBy: redeemer,
      at: r.at,
      postings: [
        { accountId: r.orgWallet, amount: -amount, type: 'PAYMENT', note: `Fuel: ${r.dispensed} L of ${r.fuelType}` },
        { accountId: r.stationWallet, amount, type: 'PAYMENT', note: `Fuel: ${r.dispensed} L of ${r.fuelType}`, fee: 0n },
      ],
    });
    await trx
      .insertInto('fuel_requests')
      .values({
        id,
        organization_id: r.vehicle.organization_id,
        vehicle_id: r.vehicle.id,
        requested_by: r.by,
        station_id: r.station,
        fuel_type: r.fuelType,
        volume: r.volume,
        supply_date: supplyDate,
        odometer: r.odometer,
        tank_level: 10,
        status: 'COMPLETED',
        approved_by: r.approver,
        approved_at: approvedAt,
        price_kobo: price.toString(),
        hold_kobo: hold.toString(),
        coupon_code: code,
        coupon_expires_at: expiresAt,
        redeemed_by: redeemer,
        redeemed_at: r.at,
        dispensed_volume: r.dispensed,
        amount_kobo: amount.toString(),
        fee_kobo: '0',
        payment_entry_id: entryId,
        created_at: new Date(r.at.getTime() - 5 * HOUR_MS),
      })
      .execute();
    if (r.odometer !== null) lastOdometer.set(r.vehicle.id, r.odometer);
    const request = { id, organizationId: r.vehicle.organization_id, stationId: r.station };
    fuelApproved(request, approvedAt, r.approver, { priceKobo: price, holdKobo: hold, expiresAt });
    audit(r.at, redeemer, {
      action: 'fuel_request.redeemed',
      entityId: id,
      organizationId: request.organizationId,
      stationId: r.station,
      before: { status: 'APPROVED' },
      after: { status: 'COMPLETED', dispensedVolume: r.dispensed, amount: koboToNaira(amount), fee: 0 },
    });
  }

  const hilux = vehicle('LND-451-KJ');
  const truck = vehicle('APP-220-XA');
  const bike = vehicle('KJA-118-QB');
  const isuzu = vehicle('KAN-903-BT');
  const tvs = vehicle('KAN-412-MC');
  const generator = vehicle('MP 100kVA');
  const perkins = vehicle('P200-3');

  // Six months of redemptions, oldest first, with odometers that only go up (fuel efficiency needs them).
  let hiluxKm = 41_800;
  let truckKm = 188_000;
  for (let month = 5; month >= 0; month -= 1) {
    for (const [day, litresFilled, km] of [
      [26, 52, 610],
      [12, 48, 560],
    ] as const) {
      const at = ago(month * 30 + day - 8);
      if (at.getTime() > now.getTime() - DAY_MS) continue;
      hiluxKm += km;
      await redeemed({
        vehicle: hilux,
        station: unity,
        stationWallet: wallets.unity,
        orgWallet: wallets.acme,
        fuelType: 'PETROL',
        volume: 60,
        dispensed: litresFilled,
        priceNaira: 935,
        at,
        by: people.acmeDriver,
        approver: people.acmeAdmin,
        odometer: hiluxKm,
      });
    }
    const truckAt = ago(month * 30 + 15);
    if (truckAt.getTime() <= now.getTime() - DAY_MS) {
      truckKm += 1_150;
      await redeemed({
        vehicle: truck,
        station: greenline,
        stationWallet: wallets.greenline,
        orgWallet: wallets.acme,
        fuelType: 'DIESEL',
        volume: 200,
        dispensed: 185,
        priceNaira: 1160,
        at: truckAt,
        by: people.acmeAsst,
        approver: people.acmeAdmin,
        odometer: truckKm,
      });
    }
    if (month % 2 === 0) {
      await redeemed({
        vehicle: bike,
        station: unity,
        stationWallet: wallets.unity,
        orgWallet: wallets.acme,
        fuelType: 'PETROL',
        volume: 10,
        dispensed: 9.5,
        priceNaira: 935,
        at: ago(month * 30 + 5),
        by: people.acmeAsst,
        approver: people.acmeAdmin,
        odometer: null,
      });
    }
  }
  for (const monthsAgo of [2, 1, 0]) {
    await redeemed({
      vehicle: isuzu,
      station: unity,
      stationWallet: wallets.unity,
      orgWallet: wallets.beta,
      fuelType: 'DIESEL',
      volume: 70,
      dispensed: 65,
      priceNaira: 1120,
      at: ago(monthsAgo * 30 + 9),
      by: people.betaAdmin,
      approver: people.betaAdmin,
      odometer: 96_400 + (2 - monthsAgo) * 900,
    });
  }

  for (const [id, reading] of lastOdometer) {
    await trx.updateTable('vehicles').set({ last_odometer: reading }).where('id', '=', id).execute();
  }

  // Open requests: one approved (money held, PETROL reserve drawn), pending, rejected and expired ones.
  const open = async (values: {
    vehicle: { id: string; organization_id: string };
    station: string;
    fuelType: string;
    volume: number;
    supplyDate: string;
    by: string;
    status: 'PENDING' | 'REJECTED' | 'EXPIRED';
    note?: string;
    rejectedBy?: string;
    createdAt: Date;
    tankLevel?: number;
    odometer?: number;
  }) => {
    const decidedAt = later(values.createdAt, values.status === 'REJECTED' ? 2 : 1);
    const priceKobo = nairaToKobo(935);
    const holdKobo = nairaToKobo(935 * values.volume);
    const expiresAt = new Date(`${addDays(values.supplyDate, 3)}T23:59:59+01:00`);
    const expiredAt = new Date(`${addDays(values.supplyDate, 4)}T00:05:00+01:00`);
    const { id } = await trx
      .insertInto('fuel_requests')
      .values({
        organization_id: values.vehicle.organization_id,
        vehicle_id: values.vehicle.id,
        requested_by: values.by,
        station_id: values.station,
        fuel_type: values.fuelType,
        volume: values.volume,
        supply_date: values.supplyDate,
        tank_level: values.tankLevel ?? 20,
        odometer: values.odometer ?? null,
        note: values.note ?? null,
        status: values.status,
        created_at: values.createdAt,
        ...(values.status === 'REJECTED'
          ? {
              rejected_by: values.rejectedBy ?? null,
              rejected_at: decidedAt,
              rejection_note: 'Above the weekly plan for this route',
            }
          : {}),
        ...(values.status === 'EXPIRED'
          ? {
              approved_by: people.acmeAdmin,
              approved_at: decidedAt,
              price_kobo: priceKobo.toString(),
              hold_kobo: holdKobo.toString(),
              coupon_code: newCouponCode(),
              coupon_expires_at: expiresAt,
              expired_at: expiredAt,
            }
          : {}),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const request = { id, organizationId: values.vehicle.organization_id, stationId: values.station };
    if (values.status === 'REJECTED') {
      audit(decidedAt, values.rejectedBy ?? null, {
        action: 'fuel_request.rejected',
        entityId: id,
        organizationId: request.organizationId,
        stationId: request.stationId,
        before: { status: 'PENDING' },
        after: { status: 'REJECTED', rejectionNote: 'Above the weekly plan for this route' },
      });
    }
    if (values.status === 'EXPIRED') {
      fuelApproved(request, decidedAt, people.acmeAdmin, { priceKobo, holdKobo, expiresAt });
      // The expiry job's batch: no person acts.
      audit(expiredAt, null, {
        action: 'fuel_request.expired',
        entityId: id,
        organizationId: request.organizationId,
        stationId: request.stationId,
        before: { status: 'APPROVED', heldAmount: koboToNaira(holdKobo) },
        after: { status: 'EXPIRED', heldAmount: 0 },
        note: 'The coupon expired; its held money went back to the wallet',
      });
    }
  };
  const today = dayOf(now);
  await open({
    vehicle: hilux,
    station: unity,
    fuelType: 'PETROL',
    volume: 50,
    supplyDate: addDays(today, 1),
    by: people.acmeDriver,
    status: 'PENDING',
    note: 'Ibadan delivery run',
    createdAt: hoursAgo(4),
    // An anomaly the approver should question: a tank 60% full taking 50 L more, two hours after
    // the Hilux's approved request, with 15,000 km on the odometer since its last fill four days
    // earlier (at 10:00 UTC, so 82–106 h before): more than 120 km/h at any hour the demo is seeded.
    tankLevel: 60,
    odometer: hiluxKm + 15_000,
  });
  await open({
    vehicle: truck,
    station: greenline,
    fuelType: 'DIESEL',
    volume: 150,
    supplyDate: addDays(today, 2),
    by: people.acmeAsst,
    status: 'PENDING',
    createdAt: ago(1),
    // 70% of the truck's 400 L is 280 L: 150 L more overfills it, after only 100 km since its last fill.
    tankLevel: 70,
    odometer: truckKm + 100,
  });
  await open({
    vehicle: truck,
    station: unity,
    fuelType: 'DIESEL',
    volume: 380,
    supplyDate: dayOf(ago(12)),
    by: people.acmeAsst,
    status: 'REJECTED',
    rejectedBy: people.acmeAdmin,
    createdAt: ago(13),
  });
  await open({
    vehicle: bike,
    station: unity,
    fuelType: 'PETROL',
    volume: 10,
    supplyDate: dayOf(ago(9)),
    by: people.acmeAsst,
    status: 'EXPIRED',
    createdAt: ago(10),
  });
  await open({
    vehicle: isuzu,
    station: unity,
    fuelType: 'DIESEL',
    volume: 60,
    supplyDate: addDays(today, 1),
    by: people.betaAdmin,
    status: 'PENDING',
    createdAt: hoursAgo(3),
  });

  // Today's coupons were requested and approved in the hours before `now` (the day before, early in
  // the morning), for supply today: each organization has one a station can redeem today.
  const approvedPrice = nairaToKobo(950);
  const approvedVolume = 40;
  const approvedHold = approvedPrice * BigInt(approvedVolume);
  const todaysExpiry = new Date(`${addDays(today, 3)}T23:59:59+01:00`);
  const approved = await trx
    .insertInto('fuel_requests')
    .values({
      organization_id: acme,
      vehicle_id: hilux.id,
      requested_by: people.acmeDriver,
      station_id: unity,
      fuel_type: 'PETROL',
      volume: approvedVolume,
      supply_date: today,
      tank_level: 10,
      status: 'APPROVED',
      approved_by: people.acmeAdmin,
      approved_at: hoursAgo(5),
      price_kobo: approvedPrice.toString(),
      hold_kobo: approvedHold.toString(),
      coupon_code: newCouponCode(),
      coupon_expires_at: todaysExpiry,
      created_at: hoursAgo(6),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  fuelApproved({ id: approved.id, organizationId: acme, stationId: unity }, hoursAgo(5), people.acmeAdmin, {
    priceKobo: approvedPrice,
    holdKobo: approvedHold,
    expiresAt: todaysExpiry,
  });
  await ledger.placeHold(trx, {
    accountId: wallets.acme,
    amount: approvedHold,
    reason: 'Fuel for LND-451-KJ',
    reference: `fuel:${approved.id}`,
  });
  await trx
    .updateTable('fuel_reserves')
    .set({ remaining: sql`remaining - ${approvedVolume}::numeric` })
    .where('id', '=', acmePetrol)
    .execute();
  await trx.insertInto('reserve_draws').values({ fuel_request_id: approved.id, reserve_id: acmePetrol, volume: approvedVolume }).execute();

  const betaBikeApproved = await trx
    .insertInto('fuel_requests')
    .values({
      organization_id: beta,
      vehicle_id: tvs.id,
      requested_by: people.betaAdmin,
      station_id: unity,
      fuel_type: 'PETROL',
      volume: 8,
      supply_date: today,
      status: 'APPROVED',
      approved_by: people.betaAdmin,
      approved_at: hoursAgo(5),
      price_kobo: approvedPrice.toString(),
      hold_kobo: (approvedPrice * 8n).toString(),
      coupon_code: newCouponCode(),
      coupon_expires_at: todaysExpiry,
      created_at: hoursAgo(6),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  fuelApproved({ id: betaBikeApproved.id, organizationId: beta, stationId: unity }, hoursAgo(5), people.betaAdmin, {
    priceKobo: approvedPrice,
    holdKobo: approvedPrice * 8n,
    expiresAt: todaysExpiry,
  });
  await ledger.placeHold(trx, {
    accountId: wallets.beta,
    amount: approvedPrice * 8n,
    reason: 'Fuel for KAN-412-MC',
    reference: `fuel:${betaBikeApproved.id}`,
  });

  // Maintenance: completed jobs (one paid to a station), one approved (the motorcycle is in the workshop), pending and rejected ones.
  const job = async (values: {
    vehicle: { id: string; organization_id: string };
    station: string | null;
    description: string;
    costNaira: number;
    status: 'PENDING' | 'APPROVED' | 'REJECTED' | 'COMPLETED';
    /** The service day, and the time of the decision or completion; a pending job's may lie ahead. */
    at: Date;
    /** When the job was raised, if not two days before `at`. */
    raisedAt?: Date;
    by: string;
    odometer?: number;
  }) => {
    const costKobo = nairaToKobo(values.costNaira);
    const approvedAt = new Date(values.at.getTime() - DAY_MS);
    const completedBy = values.station ? people.unityRep : people.acmeAdmin;
    const { id } = await trx
      .insertInto('maintenance_requests')
      .values({
        organization_id: values.vehicle.organization_id,
        vehicle_id: values.vehicle.id,
        requested_by: values.by,
        station_id: values.station,
        description: values.description,
        service_date: dayOf(values.at),
        cost_kobo: costKobo.toString(),
        odometer: values.odometer ?? null,
        status: values.status,
        created_at: values.raisedAt ?? new Date(values.at.getTime() - 2 * DAY_MS),
        ...(values.status !== 'PENDING' && values.status !== 'REJECTED'
          ? { approved_by: people.acmeAdmin, approved_at: approvedAt, coupon_code: newCouponCode() }
          : {}),
        ...(values.status === 'REJECTED'
          ? { rejected_by: people.acmeAdmin, rejected_at: values.at, rejection_note: 'Get a second quote first' }
          : {}),
        ...(values.status === 'COMPLETED'
          ? {
              completed_by: completedBy,
              completed_at: values.at,
              final_cost_kobo: costKobo.toString(),
              amount_kobo: costKobo.toString(),
              fee_kobo: '0',
            }
          : {}),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const scope = { entityId: id, organizationId: values.vehicle.organization_id, stationId: values.station };
    // The vehicle goes into the workshop on approval and comes back on completion; the vehicles
    // service records each move before the job's own entry.
    const vehicleMoved = (at: Date, by: string, from: string, to: string, note: string) =>
      audit(at, by, {
        action: 'vehicle.status_changed',
        entityId: values.vehicle.id,
        organizationId: values.vehicle.organization_id,
        before: { status: from },
        after: { status: to },
        note,
      });
    if (values.status === 'APPROVED' || values.status === 'COMPLETED') {
      vehicleMoved(approvedAt, people.acmeAdmin, 'ACTIVE', 'UNDER_MAINTENANCE', 'Maintenance approved');
      audit(approvedAt, people.acmeAdmin, {
        action: 'maintenance_request.approved',
        ...scope,
        before: { status: 'PENDING' },
        after: { status: 'APPROVED', heldAmount: values.station ? koboToNaira(costKobo) : null },
      });
    }
    if (values.status === 'COMPLETED') {
      vehicleMoved(values.at, completedBy, 'UNDER_MAINTENANCE', 'ACTIVE', 'Maintenance completed');
      audit(values.at, completedBy, {
        action: 'maintenance_request.completed',
        ...scope,
        before: { status: 'APPROVED' },
        after: { status: 'COMPLETED', amount: koboToNaira(costKobo), fee: 0 },
      });
    }
    if (values.status === 'REJECTED') {
      audit(values.at, people.acmeAdmin, {
        action: 'maintenance_request.rejected',
        ...scope,
        before: { status: 'PENDING' },
        after: { status: 'REJECTED', rejectionNote: 'Get a second quote first' },
      });
    }
    return id;
  };
  const truckService = await job({
    vehicle: truck,
    station: unity,
    description: 'Full service: oil, filters, brake check',
    costNaira: 120_000,
    status: 'COMPLETED',
    at: ago(60),
    by: people.acmeAsst,
    odometer: truckKm - 2_000,
  });
  const { entryId: serviceEntry } = await ledger.post(trx, {
    idempotencyKey: `maintenance-paid:${truckService}`,
    kind: 'PAYMENT',
    description: 'Maintenance of APP-220-XA: Full service',
    createdBy: people.unityRep,
    at: ago(60),
    postings: [
      { accountId: wallets.acme, amount: -nairaToKobo(120_000), type: 'PAYMENT', note: 'Maintenance of APP-220-XA: Full service' },
      { accountId: wallets.unity, amount: nairaToKobo(120_000), type: 'PAYMENT', note: 'Maintenance of APP-220-XA: Full service', fee: 0n },
    ],
  });
  await trx.updateTable('maintenance_requests').set({ payment_entry_id: serviceEntry }).where('id', '=', truckService).execute();
  await job({
    vehicle: hilux,
    station: null,
    description: 'Tyre rotation and alignment',
    costNaira: 45_000,
    status: 'COMPLETED',
    at: ago(40),
    by: people.acmeAsst,
    odometer: hiluxKm - 1_200,
  });
  await job({
    vehicle: bike,
    station: null,
    description: 'Chain and sprocket replacement',
    costNaira: 28_000,
    status: 'APPROVED',
    at: ago(1),
    by: people.acmeAsst,
  });
  await trx.updateTable('vehicles').set({ status: 'UNDER_MAINTENANCE' }).where('id', '=', bike.id).execute();
  await job({
    vehicle: generator,
    station: greenline,
    description: 'Generator servicing: oil, plugs, load test',
    costNaira: 60_000,
    status: 'PENDING',
    at: ago(-3),
    raisedAt: ago(1, 15),
    by: people.acmeAsst,
  });
  await job({
    vehicle: hilux,
    station: null,
    description: 'Body work on the tailgate',
    costNaira: 350_000,
    status: 'REJECTED',
    at: ago(20),
    by: people.acmeDriver,
  });
  await job({
    vehicle: perkins,
    station: null,
    description: 'Annual generator service',
    costNaira: 40_000,
    status: 'PENDING',
    at: ago(-5),
    raisedAt: ago(2, 11),
    by: people.betaAdmin,
  });

  // A payout from Unity Fuels Ikeja to its bank a week ago.
  const payoutRef = reference('PAYOUT');
  const payoutAmount = nairaToKobo(100_000);
  const { entryId: payoutEntry } = await ledger.post(trx, {
    idempotencyKey: `payout:${payoutRef}`,
    kind: 'PAYOUT',
    description: 'Payout to SANDBOX ACCOUNT 6780',
    reference: payoutRef,
    createdBy: people.platformAdmin,
    at: ago(7),
    postings: [
      { accountId: wallets.unity, amount: -payoutAmount, type: 'PAYOUT', note: 'To Guaranty Trust Bank 0123456780' },
      { accountId: payoutClearing, amount: payoutAmount, type: 'PAYOUT' },
    ],
  });
  moved(ago(7), people.platformAdmin, {
    action: 'wallet.paid_out',
    walletId: wallets.unity,
    entryId: payoutEntry,
    amountKobo: -payoutAmount,
    note: `Payout ${payoutRef}`,
  });
  await ledger.post(trx, {
    idempotencyKey: `payout-settled:${payoutRef}`,
    kind: 'PAYOUT',
    description: 'Payout transferred to the bank',
    reference: payoutRef,
    at: ago(7, 11),
    postings: [
      { accountId: payoutClearing, amount: -payoutAmount, type: 'PAYOUT' },
      { accountId: clearing, amount: payoutAmount, type: 'PAYOUT' },
    ],
  });
  await trx
    .insertInto('payouts')
    .values({
      reference: payoutRef,
      provider: 'sandbox',
      account_id: wallets.unity,
      amount_kobo: payoutAmount.toString(),
      bank_account_number: '0123456780',
      bank_code: '058',
      bank_account_name: 'SANDBOX ACCOUNT 6780',
      status: 'SUCCESS',
      entry_id: payoutEntry,
      initiated_by: people.platformAdmin,
      attempts: 1,
      created_at: ago(7),
      completed_at: ago(7, 11),
    })
    .execute();

  // Each fill is its vehicle's driver's, whoever raised it: the demo's assets kept their drivers
  // throughout this history (a fill of a vehicle without one stays without: "No driver").
  await sql`UPDATE fuel_requests r SET driver_id = v.driver_id FROM vehicles v
    WHERE v.id = r.vehicle_id AND r.driver_id IS NULL AND v.driver_id IS NOT NULL`.execute(trx);

  // The pending requests carry the flags the service gives a request when it is made, judged by
  // the same rules against the history above, so that what the approver sees is true.
  const prices = createPricesService({ db: trx });
  const pending = await trx
    .selectFrom('fuel_requests as r')
    .innerJoin('vehicles as v', 'v.id', 'r.vehicle_id')
    .select([
      'r.id',
      'r.vehicle_id',
      'v.tank_size',
      'v.last_odometer',
      'r.station_id',
      'r.fuel_type',
      'r.volume',
      'r.tank_level',
      'r.odometer',
      'r.created_at',
    ])
    .where('r.status', '=', 'PENDING')
    .execute();
  for (const request of pending) {
    const fuelType = request.fuel_type as SoldFuelType;
    const flags = await fuelRequestFlags(
      trx,
      prices,
      {
        id: request.id,
        vehicle: { id: request.vehicle_id, tank_size: request.tank_size, last_odometer: request.last_odometer },
        stationId: request.station_id,
        fuelType,
        volume: Number(request.volume),
        tankLevel: request.tank_level,
        odometer: request.odometer === null ? null : Number(request.odometer),
        requestedAt: request.created_at,
        priceKobo: await prices.currentPriceKobo(trx, request.station_id, fuelType),
        dispensedVolume: null,
      },
      request.created_at,
    );
    await trx
      .updateTable('fuel_requests')
      .set({ flags: JSON.stringify(flags) })
      .where('id', '=', request.id)
      .execute();
  }
  await recordHistory();
  // Issue 44's fuel controls need migrations 0044–0048; a test that seeds an older schema leaves them out.
  if (options.fuelControls ?? true) await seedDemoFuelControls(trx, now);

  /**
   * Writes the audit entries, in time order: the wallet movements' with the balance each left (the
   * wallet's postings' running total in time order, as it stood then), the stations' price changes
   * of the demo registry, and each person's sign-in before their first audited action of a day.
   */
  async function recordHistory() {
    const balances = await trx
      .selectFrom('postings')
      .select([
        'entry_id',
        'account_id',
        sql<string>`sum(amount_kobo) OVER (PARTITION BY account_id ORDER BY created_at, id)`.as('balance_kobo'),
      ])
      .where('account_id', 'in', [...walletOwners.keys()])
      .execute();
    for (const movement of movements) {
      const left = balances.find((row) => row.entry_id === movement.entryId && row.account_id === movement.walletId);
      if (!left) throw new Error(`Demo activity lost the posting of ${movement.entryId}`);
      const after = BigInt(left.balance_kobo);
      movement.entry.before = { balance: koboToNaira(after - movement.amountKobo) };
      movement.entry.after = { balance: koboToNaira(after) };
    }

    const priceChanges = await trx
      .selectFrom('fuel_prices')
      .select([
        'fuel_station_id',
        'fuel_type',
        'price_kobo',
        'set_by',
        'created_at',
        sql<string | null>`lag(price_kobo) OVER (PARTITION BY fuel_station_id, fuel_type ORDER BY created_at, id)`.as('previous_kobo'),
      ])
      .where('fuel_station_id', 'in', [unity, greenline])
      .where('created_at', '<=', now)
      .execute();
    for (const change of priceChanges) {
      audit(change.created_at, change.set_by && staff.some((row) => row.id === change.set_by) ? change.set_by : null, {
        action: 'fuel_station.price_changed',
        entityId: change.fuel_station_id,
        stationId: change.fuel_station_id,
        before: { [change.fuel_type]: change.previous_kobo === null ? null : koboToNaira(change.previous_kobo) },
        after: { [change.fuel_type]: koboToNaira(change.price_kobo) },
      });
    }

    const firstActionOfDay = new Map<string, { userId: string; at: Date }>();
    for (const entry of history) {
      if (!entry.actor || !AUDITED_SIGN_IN_ROLES.has(entry.actor.role)) continue;
      const key = `${entry.actor.userId} ${dayOf(entry.at)}`;
      const first = firstActionOfDay.get(key);
      if (!first || entry.at < first.at) firstActionOfDay.set(key, { userId: entry.actor.userId, at: entry.at });
    }
    // Some minutes before, varied so that the log does not read like a timetable.
    for (const [index, { userId: id, at }] of [...firstActionOfDay.values()].entries()) {
      const user = staff.find((row) => row.id === id);
      audit(new Date(at.getTime() - (12 + ((index * 7) % 30)) * 60_000), id, {
        action: 'user.signed_in',
        entityId: id,
        organizationId: user?.organization_id ?? null,
        stationId: user?.fuel_station_id ?? null,
      });
    }

    // Stable: entries of one moment keep the order in which the services write them.
    history.sort((a, b) => a.at.getTime() - b.at.getTime());
    await auditTrail.recordPast(trx, history);
  }
}
