import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely } from 'kysely';
import { PGliteDialect } from '../src/platform/db/pglite-dialect.js';
import type { DB } from '../src/platform/db/schema.js';
import { migrateToLatest } from '../src/db/migrator.js';
import { seedDemoData } from '../src/db/seed.js';
import './provided.js';

/** Migrates and seeds one PGlite database, then dumps it so each test file loads a copy (~0.3 s). */
export default async function setup(project: TestProject) {
  const pglite = await PGlite.create({ extensions: { pg_trgm }, initDbStartParams: ['--wal-segsize=1'] });
  const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite) });
  await migrateToLatest(db);
  await seedDemoData(db, { ifEmpty: false, activity: false });
  await pglite.query('CHECKPOINT');
  const dump = await pglite.dumpDataDir('none');
  await db.destroy();

  const dir = mkdtempSync(path.join(tmpdir(), 'fleetfuel-pglite-'));
  const file = path.join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('dbEngine', 'pglite');
  project.provide('pgliteTemplateFile', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
