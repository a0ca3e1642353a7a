/**
 * Demo activity on top of the demo registry: wallets funded by card, adjustments and a
 * subscription payment, a verified station bank account and a payout, fuel reserves, and fuel and
 * maintenance requests in every status with six months of redemptions, so that every list, card
 * and chart has something true to show. Money goes through the ledger service like everything else;
 * history keeps its dates. Dates are relative to the day of seeding.
 */
import { nairaToKobo, type SoldFuelType } from '@fleetfuel/contract';
import { sql } from 'kysely';
import type { Database } from '../platform/db/database.js';
import { addDays, lagosDate } from '../platform/clock.js';
import { newCouponCode } from '../platform/coupons.js';
import { createLedgerService } from '../modules/ledger/index.js';
import { createPricesService } from '../modules/prices/index.js';
import { fuelRequestFlags } from '../modules/requests/index.js';
import { saveStationBankAccount } from '../modules/wallet/index.js';

const DAY_MS = 86_400_000;

export async function seedDemoActivity(trx: Database, now = new Date()): Promise<void> {
  const ledger = createLedgerService();
  const ago = (days: number, hour = 10) => new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS - days * DAY_MS + hour * 3_600_000);
  const dayOf = (date: Date) => lagosDate(date);

  const one = async <T>(query: Promise<T | undefined>, what: string): Promise<T> => {
    const row = await query;
    if (!row) throw new Error(`Demo activity needs ${what}`);
    return row;
  };
  const userId = async (email: string) =>
    (await one(trx.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst(), email)).id;
  const orgId = async (name: string) =>
    (await one(trx.selectFrom('organizations').select('id').where('name', '=', name).executeTakeFirst(), name)).id;
  const stationId = async (name: string) =>
    (await one(trx.selectFrom('fuel_stations').select('id').where('name', '=', name).executeTakeFirst(), name)).id;
  // The fleet was registered when its group was set up, before the months of history below, so an
  // asset's "Date Added" precedes its first fill. (Without this history the base seed's assets are
  // new today, which keeps them out of the due-by-date rule in tests that count due vehicles.)
  await sql`UPDATE vehicles v SET created_at = d.created_at FROM departments d WHERE d.id = v.department_id`.execute(trx);
  const vehicle = async (plateOrModel: string) =>
    one(
      trx
        .selectFrom('vehicles')
        .select(['id', 'organization_id'])
        .where((eb) => eb.or([eb('plate_number', '=', plateOrModel), eb('model', '=', plateOrModel)]))
        .executeTakeFirst(),
      plateOrModel,
    );

  const acme = await orgId('Acme Logistics');
  const beta = await orgId('Beta Haulage');
  const unity = await stationId('Unity Fuels Ikeja');
  const greenline = await stationId('Greenline Energy Lekki');
  const people = {
    acmeAdmin: await userId('orgadmin@acme.test'),
    acmeAsst: await userId('asst@acme.test'),
    acmeDriver: await userId('driver@acme.test'),
    betaAdmin: await userId('orgadmin@beta.test'),
    unityRep: await userId('rep@unityfuels.test'),
    unityAttendant: await userId('attendant@unityfuels.test'),
    greenlineRep: await userId('rep@greenline.test'),
    platformAdmin: await userId('admin@fleetfuel.test'),
  };
  const wallets = {
    acme: (await ledger.wallet(trx, { organizationId: acme })).id,
    beta: (await ledger.wallet(trx, { organizationId: beta })).id,
    unity: (await ledger.wallet(trx, { stationId: unity })).id,
    greenline: (await ledger.wallet(trx, { stationId: greenline })).id,
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
    await ledger.post(trx, {
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
  }

  // Money in.
  await cardFunding(acme, wallets.acme, 1_500_000, ago(190), people.acmeAdmin);
  await cardFunding(acme, wallets.acme, 1_200_000, ago(45), people.acmeAsst);
  await cardFunding(beta, wallets.beta, 400_000, ago(100), people.betaAdmin);
  await adjustment(wallets.beta, 'CREDIT', 10_000, 'Welcome credit', ago(99));
  await adjustment(wallets.acme, 'DEBIT', 2_500, 'Correction of a duplicated top-up', ago(44));
  await adjustment(wallets.acme, 'CREDIT', 5_000, 'Goodwill credit for a delayed coupon', ago(6));

  // A subscription renewal paid from the wallet.
  const business = await one(
    trx.selectFrom('subscription_plans').select(['id', 'amount_kobo']).where('name', '=', 'Business').executeTakeFirst(),
    'the Business plan',
  );
  await ledger.post(trx, {
    idempotencyKey: 'renewal:demo:acme',
    kind: 'SUBSCRIPTION',
    description: 'Business plan renewal for Acme Logistics',
    createdBy: people.acmeAdmin,
    at: ago(10),
    postings: [
      { accountId: wallets.acme, amount: -BigInt(business.amount_kobo), type: 'SUBSCRIPTION', note: 'Business plan, 30 days' },
      { accountId: revenue, amount: BigInt(business.amount_kobo), type: 'SUBSCRIPTION', note: 'Acme Logistics' },
    ],
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
  ) =>
    (
      await trx
        .insertInto('fuel_reserves')
        .values({
          organization_id: organizationId,
          fuel_type: fuelType,
          amount,
          remaining: amount,
          status,
          requested_by: by,
          approved_by: approver,
          approved_at: status === 'ACTIVE' ? at : null,
          created_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
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

  /** A fuel request redeemed in the past, paid through the ledger on its day. */
  async function redeemed(r: Redemption) {
    const price = nairaToKobo(r.priceNaira);
    const amount = (BigInt(Math.round(r.dispensed * 100)) * price + 50n) / 100n;
    const code = newCouponCode();
    const supplyDate = dayOf(r.at);
    const inserted = await trx
      .insertInto('fuel_requests')
      .values({
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
        approved_at: new Date(r.at.getTime() - 3_600_000),
        price_kobo: price.toString(),
        hold_kobo: ((BigInt(Math.round(r.volume * 100)) * price + 50n) / 100n).toString(),
        coupon_code: code,
        coupon_expires_at: new Date(`${addDays(supplyDate, 3)}T23:59:59+01:00`),
        redeemed_by: people.unityAttendant,
        redeemed_at: r.at,
        dispensed_volume: r.dispensed,
        amount_kobo: amount.toString(),
        fee_kobo: '0',
        created_at: new Date(r.at.getTime() - 5 * 3_600_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { entryId } = await ledger.post(trx, {
      idempotencyKey: `redeem:${inserted.id}`,
      kind: 'PAYMENT',
      description: `Fuel redeemed: ${r.dispensed} L of ${r.fuelType}`,
      reference: code,
      createdBy: people.unityAttendant,
      at: r.at,
      postings: [
        { accountId: r.orgWallet, amount: -amount, type: 'PAYMENT', note: `Fuel: ${r.dispensed} L of ${r.fuelType}` },
        { accountId: r.stationWallet, amount, type: 'PAYMENT', note: `Fuel: ${r.dispensed} L of ${r.fuelType}`, fee: 0n },
      ],
    });
    await trx.updateTable('fuel_requests').set({ payment_entry_id: entryId }).where('id', '=', inserted.id).execute();
    if (r.odometer !== null) {
      await trx.updateTable('vehicles').set({ last_odometer: r.odometer }).where('id', '=', r.vehicle.id).execute();
    }
  }

  const hilux = await vehicle('LND-451-KJ');
  const truck = await vehicle('APP-220-XA');
  const bike = await vehicle('KJA-118-QB');
  const isuzu = await vehicle('KAN-903-BT');
  const tvs = await vehicle('KAN-412-MC');
  const generator = await vehicle('MP 100kVA');
  const perkins = await vehicle('P200-3');

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
  }) =>
    trx
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
              rejected_at: values.createdAt,
              rejection_note: 'Above the weekly plan for this route',
            }
          : {}),
        ...(values.status === 'EXPIRED'
          ? {
              approved_by: people.acmeAdmin,
              approved_at: values.createdAt,
              price_kobo: nairaToKobo(935).toString(),
              hold_kobo: nairaToKobo(935 * values.volume).toString(),
              coupon_code: newCouponCode(),
              coupon_expires_at: new Date(`${addDays(values.supplyDate, 3)}T23:59:59+01:00`),
              expired_at: new Date(`${addDays(values.supplyDate, 4)}T00:05:00+01:00`),
            }
          : {}),
      })
      .execute();
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
    createdAt: ago(0, 8),
    // An anomaly the approver should question: a tank 60% full taking 50 L more, two hours after
    // the Hilux's approved request, with 9,000 km on the odometer since its last fill.
    tankLevel: 60,
    odometer: hiluxKm + 9_000,
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
    createdAt: ago(0, 9),
  });

  const approvedPrice = nairaToKobo(950);
  const approvedVolume = 40;
  const approvedHold = approvedPrice * BigInt(approvedVolume);
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
      approved_at: ago(0, 7),
      price_kobo: approvedPrice.toString(),
      hold_kobo: approvedHold.toString(),
      coupon_code: newCouponCode(),
      coupon_expires_at: new Date(`${addDays(today, 3)}T23:59:59+01:00`),
      created_at: ago(0, 6),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
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
      approved_at: ago(0, 7),
      price_kobo: approvedPrice.toString(),
      hold_kobo: (approvedPrice * 8n).toString(),
      coupon_code: newCouponCode(),
      coupon_expires_at: new Date(`${addDays(today, 3)}T23:59:59+01:00`),
      created_at: ago(0, 6),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
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
    at: Date;
    by: string;
    odometer?: number;
  }) =>
    (
      await trx
        .insertInto('maintenance_requests')
        .values({
          organization_id: values.vehicle.organization_id,
          vehicle_id: values.vehicle.id,
          requested_by: values.by,
          station_id: values.station,
          description: values.description,
          service_date: dayOf(values.at),
          cost_kobo: nairaToKobo(values.costNaira).toString(),
          odometer: values.odometer ?? null,
          status: values.status,
          created_at: new Date(values.at.getTime() - 2 * DAY_MS),
          ...(values.status !== 'PENDING' && values.status !== 'REJECTED'
            ? { approved_by: people.acmeAdmin, approved_at: new Date(values.at.getTime() - DAY_MS), coupon_code: newCouponCode() }
            : {}),
          ...(values.status === 'REJECTED'
            ? { rejected_by: people.acmeAdmin, rejected_at: values.at, rejection_note: 'Get a second quote first' }
            : {}),
          ...(values.status === 'COMPLETED'
            ? {
                completed_by: values.station ? people.unityRep : people.acmeAdmin,
                completed_at: values.at,
                final_cost_kobo: nairaToKobo(values.costNaira).toString(),
                amount_kobo: nairaToKobo(values.costNaira).toString(),
                fee_kobo: '0',
              }
            : {}),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
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
}
