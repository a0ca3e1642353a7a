import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { openDatabase } from '../src/platform/db/database.js';
import { migrateToLatest } from '../src/db/migrator.js';
import { seedDemoData } from '../src/db/seed.js';
import { databaseUrl } from './database-url.js';
import './provided.js';

/**
 * Migrates and seeds a template database named after this run; each test file then creates its
 * own database from it (~30 ms) and drops it at the end.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set');
  const template = `ff_tpl_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${template}`);

  const handle = await openDatabase({ engine: 'postgres', url: databaseUrl(serverUrl, template), poolSize: 2 });
  await migrateToLatest(handle.db);
  await seedDemoData(handle.db, { ifEmpty: false, activity: false });
  await handle.close();
  await admin.query(`ALTER DATABASE ${template} WITH is_template true allow_connections false`);

  project.provide('dbEngine', 'postgres');
  project.provide('postgresUrl', serverUrl);
  project.provide('postgresTemplate', template);
  return async () => {
    await admin.query(`ALTER DATABASE ${template} WITH is_template false`);
    await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await admin.end();
  };
}
