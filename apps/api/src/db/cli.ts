/**
 * `npm run db:migrate | db:seed | db:reset | coupons:rotate-key`: database chores against the
 * configured database (DATABASE_URL, else the embedded PGlite in DATA_DIR).
 */
import { rm } from 'node:fs/promises';
import { loadConfig } from '../platform/config.js';
import { openDatabase, type DatabaseHandle } from '../platform/db/database.js';
import { migrateToLatest } from './migrator.js';
import { seedDemoData } from './seed.js';
import { sql } from 'kysely';
import { STICKER_GRACE_DAYS, createCouponKeyRing, retiredKeyVerifyUntil } from '../platform/coupon-keys.js';

const command = process.argv[2];
const config = loadConfig();
const pgliteDir = `${config.dataDir}/pglite`;

async function open(): Promise<DatabaseHandle> {
  return openDatabase(config.databaseUrl ? { engine: 'postgres', url: config.databaseUrl } : { engine: 'pglite', dataDir: pgliteDir });
}

async function main(): Promise<void> {
  if (command === 'reset') {
    if (config.env === 'production') throw new Error('db:reset refuses to run with NODE_ENV=production');
    if (config.databaseUrl) {
      const handle = await open();
      await sql`DROP SCHEMA public CASCADE`.execute(handle.db);
      await sql`CREATE SCHEMA public`.execute(handle.db);
      await handle.close();
    } else {
      await rm(pgliteDir, { recursive: true, force: true });
    }
  }
  const handle = await open();
  try {
    if (command === 'migrate' || command === 'reset') {
      const applied = await migrateToLatest(handle.db);
      console.log(applied.length ? `Applied migrations: ${applied.join(', ')}` : 'Database is up to date');
    }
    if (command === 'seed' || command === 'reset') {
      const ifEmpty = command === 'seed' && process.argv.includes('--if-empty');
      const seeded = await seedDemoData(handle.db, { ifEmpty });
      console.log(seeded ? 'Demo data seeded' : 'Database already has data; demo data not seeded');
    }
    if (command === 'rotate-coupon-key') {
      // The retired key stays published until the last coupon it may have signed expires, and for the
      // stickers it signed a grace period to print them again (none after a leak: --revoke-stickers).
      const latest = await sql<{
        until: Date | null;
      }>`SELECT max(coupon_expires_at) AS until FROM fuel_requests WHERE status = 'APPROVED'`.execute(handle.db);
      const until = latest.rows[0]?.until ?? null;
      const revoke = process.argv.includes('--revoke-stickers');
      const verifyUntil = retiredKeyVerifyUntil(new Date(), until ? new Date(until) : null, revoke ? 0 : STICKER_GRACE_DAYS);
      const kid = await createCouponKeyRing({ db: handle.db, appSecret: config.appSecret, now: () => new Date() }).rotate(verifyUntil);
      console.log(`New coupon signing key ${kid}; the previous one stays published until ${verifyUntil.toISOString()}`);
      console.log(
        revoke
          ? 'Windscreen stickers signed with the previous key stop verifying with it: print them again now (Assets > Print Stickers).'
          : `Windscreen stickers signed with the previous key verify until then: print them again before (Assets > Print Stickers).`,
      );
    }
    if (!['migrate', 'seed', 'reset', 'rotate-coupon-key'].includes(command ?? '')) {
      throw new Error('Usage: cli.ts migrate | seed [--if-empty] | reset | rotate-coupon-key [--revoke-stickers]');
    }
  } finally {
    await handle.close();
  }
}

await main();
