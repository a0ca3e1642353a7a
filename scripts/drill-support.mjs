// What the recovery drills (drill-pitr.mjs, drill-failover.mjs) share: PostgreSQL's programs run as
// the postgres user (its server refuses to run as root), their checks printed as ✓ or ✗, and one
// way to run a drill to its verdict line, cleaning up whatever happened.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { runLedgerChecks } from './ledger-checks.mjs';

/** Where PostgreSQL's own programs are (pg_ctl, initdb, pg_config). */
export const pgBin = (() => {
  const found = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() : '/usr/lib/postgresql/15/bin';
})();

export const asRoot = process.getuid?.() === 0;

/** `command args` as the postgres user: [program, argv] for spawn or spawnSync. */
export function asPostgres(command, args) {
  return asRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
}

/** Stops the cluster in `pgdata` (`immediate`: no checkpoint; `fast`: a clean shutdown), ignoring one already stopped. */
export function stopCluster(pgdata, mode) {
  spawnSync(...asPostgres(path.join(pgBin, 'pg_ctl'), ['-D', pgdata, '-m', mode, '-w', 'stop']), { stdio: 'ignore' });
}

/** The drill's checks: each printed as it is made; `passed()` once all are in. */
export function createChecks() {
  const results = [];
  const checks = {
    check(name, ok, detail = '') {
      results.push(ok);
      console.log(`  ${ok ? '✓' : '✗'} ${name}${detail ? `: ${detail}` : ''}`);
    },
    passed: () => results.length > 0 && !results.includes(false),
  };
  return {
    ...checks,
    /** Every ledger invariant on `db` (scripts/ledger-checks.mjs), each a check naming its first offending rows. */
    async checkLedger(db) {
      for (const [name, rows] of await runLedgerChecks(db)) {
        checks.check(
          name,
          rows.length === 0,
          rows
            .slice(0, 3)
            .map((row) => JSON.stringify(row))
            .join('; '),
        );
      }
    },
  };
}

/**
 * Runs `drill`, then `cleanUp` whatever happened, prints "<title>: passed" or "failed" and exits
 * with its status; `explain` adds what helps after a drill that could not run to the end.
 */
export async function runDrill(title, { drill, checks, cleanUp, explain = () => undefined }) {
  let failed;
  try {
    await drill();
    failed = !checks.passed();
  } catch (error) {
    console.error(`\nThe drill could not run to the end: ${error.stack ?? error}`);
    explain();
    failed = true;
  } finally {
    await cleanUp();
  }
  console.log(`\n${title}: ${failed ? 'failed' : 'passed'}`);
  process.exit(failed ? 1 : 0);
}
