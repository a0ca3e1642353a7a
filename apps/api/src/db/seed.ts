/**
 * Demo data: a platform admin, two client organizations, two stations, three plans and the people
 * of each role, so that a new user finds every screen populated. Later issues extend it with what
 * they add. All demo accounts share one password.
 */
import { ROLE_LABELS, nairaToKobo, type Role } from '@fleetfuel/contract';
import { sql } from 'kysely';
import type { Database } from '../platform/db/database.js';
import { hashPassword } from '../platform/auth/passwords.js';
import { createLedgerService } from '../modules/ledger/index.js';
import { seedDemoActivity } from './seed-activity.js';

/**
 * The Lagos calendar day `days` from today. Not `current_date`: that is the database's day (UTC on
 * most servers), a day behind Lagos from 23:00 UTC, when the demo's "expires in 20 days" would
 * read 19 on every screen (which count in Lagos days).
 */
const lagosDaysFromToday = (days: number) => sql<string>`(now() AT TIME ZONE 'Africa/Lagos')::date + ${days}::int`;

export const DEMO_PASSWORD = 'Demo-Pass-2026';
/** Every demo station user's station PIN, for handing the pump's shared phone between them (issue 42). */
export const DEMO_STATION_PIN = '1234';

interface DemoUser {
  name: string;
  email: string;
  phone: string | null;
  role: Role;
  title: string | null;
  tenant?: 'acme' | 'beta' | 'unity' | 'greenline';
  /**
   * When the account was opened, in days before seeding: after its organization or station joined
   * and before its first activity in the demo history (seed-activity.ts), so "Date Joined" reads true.
   */
  joinedDaysAgo: number;
}

const DEMO_USERS: DemoUser[] = [
  {
    name: 'Ada Okafor',
    email: 'admin@fleetfuel.test',
    phone: '+2348030000001',
    role: 'ADMIN',
    title: 'Platform Operations Lead',
    joinedDaysAgo: 210,
  },
  {
    name: 'Tunde Bakare',
    email: 'orgadmin@acme.test',
    phone: '+2348030000002',
    role: 'ADMINISTRATOR',
    title: 'Fleet Manager',
    tenant: 'acme',
    joinedDaysAgo: 200,
  },
  {
    name: 'Ngozi Eze',
    email: 'asst@acme.test',
    phone: '+2348030000003',
    role: 'ASST_ADMINISTRATOR',
    title: null,
    tenant: 'acme',
    joinedDaysAgo: 197,
  },
  {
    name: 'Musa Ibrahim',
    email: 'driver@acme.test',
    phone: '+2348030000004',
    role: 'DRIVER',
    title: null,
    tenant: 'acme',
    joinedDaysAgo: 186,
  },
  {
    name: 'Chinedu Obi',
    email: 'driver2@acme.test',
    phone: '+2348030000005',
    role: 'DRIVER',
    title: null,
    tenant: 'acme',
    joinedDaysAgo: 142,
  },
  {
    name: 'Halima Yusuf',
    email: 'orgadmin@beta.test',
    phone: '+2348030000006',
    role: 'ADMINISTRATOR',
    title: 'Operations Director',
    tenant: 'beta',
    joinedDaysAgo: 118,
  },
  {
    name: 'Emeka Nwosu',
    email: 'driver@beta.test',
    phone: '+2348030000007',
    role: 'DRIVER',
    title: null,
    tenant: 'beta',
    joinedDaysAgo: 96,
  },
  {
    name: 'Bola Adeyemi',
    email: 'rep@unityfuels.test',
    phone: '+2348030000008',
    role: 'STATION_REP',
    title: 'Station Manager',
    tenant: 'unity',
    joinedDaysAgo: 203,
  },
  {
    name: 'Sani Danjuma',
    email: 'attendant@unityfuels.test',
    phone: '+2348030000009',
    role: 'ATTENDANT',
    title: null,
    tenant: 'unity',
    joinedDaysAgo: 181,
  },
  {
    name: 'Kemi Lawal',
    email: 'rep@greenline.test',
    phone: '+2348030000010',
    role: 'STATION_REP',
    title: 'Station Manager',
    tenant: 'greenline',
    joinedDaysAgo: 193,
  },
];

/** The sign-ins the start-up banner and the README list. */
export const DEMO_SIGN_INS = DEMO_USERS.filter((u) => !u.email.startsWith('driver2') && u.email !== 'driver@beta.test').map((u) => ({
  email: u.email,
  label: `${ROLE_LABELS[u.role]} (${u.role})`,
}));

/**
 * Seeds the demo data; with `ifEmpty`, only into a database without users. `activity` adds money,
 * reserves and requests (the API tests leave it out, to work from exact balances). Returns whether
 * it seeded.
 */
/**
 * `fuelControls: false` leaves out issue 44's demo (station states, policies, the flags' queue) and the
 * station PINs (0053), for an older schema.
 */
export async function seedDemoData(
  db: Database,
  options: { ifEmpty: boolean; activity?: boolean; fuelControls?: boolean },
): Promise<boolean> {
  if (options.ifEmpty) {
    const any = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
    if (any) return false;
  }
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction().execute(async (trx) => {
    const plan = (values: {
      name: string;
      naira: number;
      drivers: number;
      assets: number;
      fuel: number;
      maintenance: number;
      description: string;
      isDefault?: boolean;
    }) =>
      trx
        .insertInto('subscription_plans')
        .values({
          name: values.name,
          amount_kobo: nairaToKobo(values.naira).toString(),
          drivers_limit: values.drivers,
          assets_limit: values.assets,
          fuel_request_limit: values.fuel,
          maintenance_request_limit: values.maintenance,
          description: values.description,
          is_default: values.isDefault ?? false,
        })
        .returning(['id', 'circle_days'])
        .executeTakeFirstOrThrow();

    const starter = await plan({
      name: 'Starter',
      naira: 25000,
      drivers: 5,
      assets: 10,
      fuel: 60,
      maintenance: 10,
      description: 'For small fleets getting started',
      isDefault: true,
    });
    const business = await plan({
      name: 'Business',
      naira: 75000,
      drivers: 25,
      assets: 50,
      fuel: 500,
      maintenance: 100,
      description: 'For growing fleets with several groups',
    });
    await plan({
      name: 'Enterprise',
      naira: 250000,
      drivers: 0,
      assets: 0,
      fuel: 0,
      maintenance: 0,
      description: 'Unlimited drivers, assets and requests',
    });

    /** `joinedDaysAgo`: when the client signed up, before its first payment in the demo history. */
    const organization = (
      name: string,
      type: string,
      address: string,
      domain: string,
      planRow: { id: string; circle_days: number },
      daysAgo: number,
      joinedDaysAgo: number,
    ) =>
      trx
        .insertInto('organizations')
        .values({
          name,
          type,
          address,
          domain,
          subscription_plan_id: planRow.id,
          // A cycle that started `daysAgo` days ago, so that usage and renewal dates look lived-in.
          next_billing: sql<Date>`now() + make_interval(days => ${planRow.circle_days - daysAgo})`,
          created_at: sql<Date>`now() - make_interval(days => ${joinedDaysAgo})`,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const acme = await organization(
      'Acme Logistics',
      'transport_logistics_company',
      '12 Creek Road, Apapa, Lagos',
      'acme.test',
      business,
      10,
      200,
    );
    const beta = await organization('Beta Haulage', 'private_organisation', '4 Zaria Road, Kano', 'beta.test', starter, 20, 118);

    /** `joinedDaysAgo`: when the station was onboarded, before its first redemption in the demo history. */
    const station = (name: string, address: string, latitude: number, longitude: number, fuels: string[], joinedDaysAgo: number) =>
      trx
        .insertInto('fuel_stations')
        .values({
          name,
          address,
          latitude,
          longitude,
          available_fuels: fuels,
          created_at: sql<Date>`now() - make_interval(days => ${joinedDaysAgo})`,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const unity = await station('Unity Fuels Ikeja', '45 Obafemi Awolowo Way, Ikeja, Lagos', 6.601838, 3.351486, ['PETROL', 'DIESEL'], 204);
    const greenline = await station(
      'Greenline Energy Lekki',
      'Admiralty Way, Lekki Phase 1, Lagos',
      6.447,
      3.4723,
      ['PETROL', 'DIESEL', 'CNG', 'ELECTRIC'],
      194,
    );

    const ledger = createLedgerService();
    await ledger.createWallet(trx, { organizationId: acme.id });
    await ledger.createWallet(trx, { organizationId: beta.id });
    await ledger.createWallet(trx, { stationId: unity.id });
    await ledger.createWallet(trx, { stationId: greenline.id });

    const tenants = { acme: acme.id, beta: beta.id, unity: unity.id, greenline: greenline.id };
    const userIds: Record<string, string> = {};
    for (const user of DEMO_USERS) {
      const isStation = user.tenant === 'unity' || user.tenant === 'greenline';
      const row = await trx
        .insertInto('users')
        .values({
          name: user.name,
          email: user.email,
          phone: user.phone,
          role: user.role,
          title: user.title,
          organization_id: user.tenant && !isStation ? tenants[user.tenant] : null,
          fuel_station_id: user.tenant && isStation ? tenants[user.tenant] : null,
          password_hash: passwordHash,
          created_at: sql<Date>`now() - make_interval(days => ${user.joinedDaysAgo})`,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      userIds[user.email] = row.id;
    }
    if (options.fuelControls ?? true) {
      const stationPinHash = await hashPassword(DEMO_STATION_PIN);
      await trx
        .updateTable('users')
        .set({ station_pin_hash: stationPinHash, station_pin_set_at: sql<Date>`now()` })
        .where('fuel_station_id', 'is not', null)
        .execute();
    }

    await seedFleet(trx, { acme: acme.id, beta: beta.id }, userIds);

    // Current pump prices, each with an older price before it so that the history has something to show.
    const prices: Array<[string, string, string, number, number]> = [
      [unity.id, 'rep@unityfuels.test', 'PETROL', 935, 950],
      [unity.id, 'rep@unityfuels.test', 'DIESEL', 1120, 1150],
      [greenline.id, 'rep@greenline.test', 'PETROL', 955, 965],
      [greenline.id, 'rep@greenline.test', 'DIESEL', 1160, 1180],
      [greenline.id, 'rep@greenline.test', 'CNG', 370, 380],
      [greenline.id, 'rep@greenline.test', 'ELECTRIC', 200, 210],
    ];
    for (const [index, [stationId, rep, fuelType, earlier, now]] of prices.entries()) {
      await trx
        .insertInto('fuel_prices')
        .values([
          {
            fuel_station_id: stationId,
            fuel_type: fuelType,
            price_kobo: nairaToKobo(earlier).toString(),
            set_by: userIds[rep] ?? null,
            created_at: sql<Date>`now() - interval '14 days' + make_interval(hours => ${index})`,
          },
          {
            fuel_station_id: stationId,
            fuel_type: fuelType,
            price_kobo: nairaToKobo(now).toString(),
            set_by: userIds[rep] ?? null,
            created_at: sql<Date>`now() - interval '2 days' + make_interval(hours => ${index})`,
          },
        ])
        .execute();
    }
    if (options.activity ?? true) await seedDemoActivity(trx, new Date(), { fuelControls: options.fuelControls ?? true });
  });
  return true;
}

/**
 * Groups, assets of every type with insurance in each state, and driver assignments. Dates are
 * relative to the day of seeding so that statuses stay meaningful on any day.
 */
async function seedFleet(trx: Database, orgs: { acme: string; beta: string }, userIds: Record<string, string>) {
  // Groups were set up the day after their organization joined (seedDemoData's joinedDaysAgo).
  const createdDaysAgo = (organizationId: string) => (organizationId === orgs.acme ? 199 : 117);
  const group = async (organizationId: string, name: string, maxDailyConsumption: number) =>
    (
      await trx
        .insertInto('departments')
        .values({
          organization_id: organizationId,
          name,
          max_daily_consumption: maxDailyConsumption,
          created_at: sql<Date>`now() - make_interval(days => ${createdDaysAgo(organizationId)})`,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const operations = await group(orgs.acme, 'Operations', 200);
  const logistics = await group(orgs.acme, 'Logistics', 600);
  const facilities = await group(orgs.acme, 'HQ Facilities', 0);
  const haulage = await group(orgs.beta, 'Haulage', 400);
  const site = await group(orgs.beta, 'Site Power', 0);

  await trx.updateTable('users').set({ department_id: operations }).where('email', '=', 'driver@acme.test').execute();
  await trx.updateTable('users').set({ department_id: facilities }).where('email', '=', 'driver2@acme.test').execute();
  await trx.updateTable('users').set({ department_id: haulage }).where('email', '=', 'driver@beta.test').execute();

  interface DemoAsset {
    organizationId: string;
    plate: string | null;
    make: string;
    model: string;
    type: 'VEHICLE' | 'GENERATOR' | 'MOTORCYCLE';
    fuel: 'PETROL' | 'DIESEL' | 'ELECTRIC' | 'HYBRID';
    group: string;
    tank: number;
    year: number;
    state: string;
    driver?: string;
    /** Days from today to the policy's end; absent: never insured. */
    insuredUntil?: number;
    registration?: { number: string; chasis: string; transmission: string; expiresInDays: number };
  }
  const assets: DemoAsset[] = [
    {
      organizationId: orgs.acme,
      plate: 'LND-451-KJ',
      make: 'Toyota',
      model: 'Hilux',
      type: 'VEHICLE',
      fuel: 'PETROL',
      group: operations,
      tank: 80,
      year: 2021,
      state: 'Lagos',
      driver: 'driver@acme.test',
      insuredUntil: 165,
      registration: { number: 'LA-2021-88412', chasis: 'MR0FB8CD3M0712345', transmission: 'manual', expiresInDays: 120 },
    },
    {
      organizationId: orgs.acme,
      plate: 'APP-220-XA',
      make: 'Mercedes-Benz',
      model: 'Actros 2640',
      type: 'VEHICLE',
      fuel: 'DIESEL',
      group: logistics,
      tank: 400,
      year: 2018,
      state: 'Lagos',
      insuredUntil: -35,
      registration: { number: 'LA-2018-11873', chasis: 'WDB93403215678901', transmission: 'auto', expiresInDays: 20 },
    },
    {
      organizationId: orgs.acme,
      plate: null,
      make: 'Mikano',
      model: 'MP 100kVA',
      type: 'GENERATOR',
      fuel: 'DIESEL',
      group: facilities,
      tank: 250,
      year: 2020,
      state: 'Lagos',
      driver: 'driver2@acme.test',
    },
    {
      organizationId: orgs.acme,
      plate: 'KJA-118-QB',
      make: 'Bajaj',
      model: 'Boxer BM150',
      type: 'MOTORCYCLE',
      fuel: 'PETROL',
      group: operations,
      tank: 11,
      year: 2023,
      state: 'Ogun',
      insuredUntil: 20,
    },
    {
      organizationId: orgs.beta,
      plate: 'KAN-903-BT',
      make: 'Isuzu',
      model: 'NPR 71',
      type: 'VEHICLE',
      fuel: 'DIESEL',
      group: haulage,
      tank: 100,
      year: 2019,
      state: 'Kano',
      insuredUntil: 240,
      registration: { number: 'KN-2019-55120', chasis: 'JALC4B16107012345', transmission: 'manual', expiresInDays: 300 },
    },
    {
      organizationId: orgs.beta,
      plate: null,
      make: 'Perkins',
      model: 'P200-3',
      type: 'GENERATOR',
      fuel: 'DIESEL',
      group: site,
      tank: 400,
      year: 2017,
      state: 'Kano',
    },
    {
      organizationId: orgs.beta,
      plate: 'KAN-412-MC',
      make: 'TVS',
      model: 'HLX 125',
      type: 'MOTORCYCLE',
      fuel: 'PETROL',
      group: haulage,
      tank: 10,
      year: 2022,
      state: 'Kano',
      insuredUntil: -3,
    },
  ];
  for (const asset of assets) {
    const vehicle = await trx
      .insertInto('vehicles')
      .values({
        organization_id: asset.organizationId,
        plate_number: asset.plate,
        make: asset.make,
        model: asset.model,
        type: asset.type,
        fuel_type: asset.fuel,
        department_id: asset.group,
        tank_size: asset.tank,
        year: asset.year,
        state: asset.state,
        date_purchase: sql<string>`make_date(${asset.year}, 3, 1)`,
        purchase_price_kobo: nairaToKobo(
          asset.type === 'VEHICLE' ? 38_500_000 : asset.type === 'GENERATOR' ? 14_200_000 : 1_650_000,
        ).toString(),
        driver_id: asset.driver ? (userIds[asset.driver] ?? null) : null,
        ...(asset.registration
          ? {
              registration_number: asset.registration.number,
              chasis_number: asset.registration.chasis,
              transmission_type: asset.registration.transmission,
              registration_state: asset.state,
              registration_expiry: lagosDaysFromToday(asset.registration.expiresInDays),
            }
          : {}),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (asset.driver) {
      await trx
        .insertInto('vehicle_assignments')
        .values({
          organization_id: asset.organizationId,
          vehicle_id: vehicle.id,
          driver_id: userIds[asset.driver] as string,
          assigned_at: sql<Date>`now() - interval '30 days'`,
        })
        .execute();
    }
    if (asset.insuredUntil !== undefined) {
      await trx
        .insertInto('insurance_policies')
        .values({
          organization_id: asset.organizationId,
          vehicle_id: vehicle.id,
          insurer_name: asset.type === 'MOTORCYCLE' ? 'AIICO Insurance' : 'Leadway Assurance',
          insurance_type: asset.type === 'MOTORCYCLE' ? 'Third Party' : 'Comprehensive',
          insurance_number: `POL-${asset.plate ?? asset.model}-${asset.year}`,
          coverage_start: lagosDaysFromToday(asset.insuredUntil - 365),
          coverage_end: lagosDaysFromToday(asset.insuredUntil),
          amount_kobo: nairaToKobo(asset.type === 'MOTORCYCLE' ? 45_000 : 385_000).toString(),
        })
        .execute();
    }
  }
}
