/**
 * `npm run db:migrate | db:seed | db:reset`: database chores against the configured database
 * (DATABASE_URL, else the embedded PGlite in DATA_DIR).
 */
import { rm } from 'node:fs/promises';
import { loadConfig } from '../platform/config.js';
import { openDatabase, type DatabaseHandle } from '../platform/db/database.js';
import { migrateToLatest } from './migrator.js';
import { seedDemoData } from './seed.js';
import { sql } from 'kysely';

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
    if (!['migrate', 'seed', 'reset'].includes(command ?? '')) {
      throw new Error('Usage: cli.ts migrate | seed [--if-empty] | reset');
    }
  } finally {
    await handle.close();
  }
}

await main();
