/**
 * `schema.ts` is written by hand beside the migrations (docs/decisions/002); this test keeps the
 * two from drifting. It reads the tables and columns that the `DB` interface declares with the
 * TypeScript compiler (so every key counts, whatever its type) and compares them with the
 * migrated database's information_schema, on each engine.
 */
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-world.js';

/** Kysely's own bookkeeping, not part of the application's schema. */
const MIGRATOR_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);

type Columns = Record<string, string[]>;

/** Table name → sorted column names, as the `DB` interface of schema.ts declares them. */
function declaredSchema(): Columns {
  const file = fileURLToPath(new URL('./schema.ts', import.meta.url));
  // Only the names of keys are read, so nothing needs resolving: no imports, no default library.
  const program = ts.createProgram([file], { noResolve: true, noLib: true, types: [], noEmit: true });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file);
  const moduleSymbol = source && checker.getSymbolAtLocation(source);
  const dbSymbol = moduleSymbol && checker.getExportsOfModule(moduleSymbol).find((symbol) => symbol.name === 'DB');
  if (!source || !dbSymbol) throw new Error('schema.ts exports no DB interface');
  const tables: Columns = {};
  for (const table of checker.getDeclaredTypeOfSymbol(dbSymbol).getProperties()) {
    tables[table.name] = checker
      .getTypeOfSymbolAtLocation(table, source)
      .getProperties()
      .map((column) => column.name)
      .sort();
  }
  return tables;
}

const world = useTestApp();

describe('schema.ts and the migrations', () => {
  it('declares every table and column the migrations create, and nothing else', async () => {
    const { rows } = await sql<{ table_name: string; column_name: string }>`
      SELECT c.table_name, c.column_name
      FROM information_schema.columns c
      JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'`.execute(world.t.db);
    const migrated: Columns = {};
    for (const row of rows) {
      if (MIGRATOR_TABLES.has(row.table_name)) continue;
      (migrated[row.table_name] ??= []).push(row.column_name);
    }
    for (const columns of Object.values(migrated)) columns.sort();

    const declared = declaredSchema();
    expect(Object.keys(declared).length).toBeGreaterThan(20);
    expect(declared).toEqual(migrated);
  });
});
