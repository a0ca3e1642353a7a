/**
 * Starts FleetFuel: opens the database (PostgreSQL when DATABASE_URL is set, else PGlite in the
 * data folder), applies migrations, seeds the demo data into an empty database, and serves the API
 * and the web app on one port.
 */
import { buildApp } from './app.js';
import { loadConfig } from './platform/config.js';
import { openDatabase, type DatabaseTarget } from './platform/db/database.js';
import { migrateToLatest } from './db/migrator.js';
import { demoAccountsWithPublishedPassword, publishedPasswordWarning } from './db/demo-passwords.js';
import { DEMO_PASSWORD, DEMO_SIGN_INS, DEMO_STATION_PIN, seedDemoData } from './db/seed.js';
import { createBackups } from './platform/backup/backups.js';
import { openControlSocket } from './platform/backup/control-socket.js';
import { resealUnderNewSecret } from './platform/secret-rotation.js';

const config = loadConfig();
// The embedded database's folder is this process's alone: its control socket, through which
// `npm run backup` asks for a snapshot, also keeps a second server (or a restore) out of it.
const control = config.databaseUrl ? null : await openControlSocket(config.dataDir, 'The server is starting; try again in a moment.');
if (config.databaseUrl) {
  // Migrations run on a connection of their own without the request timeouts: building an index
  // on a large table takes longer than any request may.
  const maintenance = await openDatabase({ engine: 'postgres', url: config.databaseUrl, poolSize: 1 });
  await migrateToLatest(maintenance.db).finally(() => maintenance.close());
}
const target: DatabaseTarget = config.databaseUrl
  ? { engine: 'postgres', url: config.databaseUrl, limits: config.database }
  : { engine: 'pglite', dataDir: `${config.dataDir}/pglite` };
let handle = await openDatabase(target);
// The embedded database is one connection: it migrates on the handle that serves.
const migrated = config.databaseUrl ? [] : await migrateToLatest(handle.db);
const seeded = config.seedDemoData ? await seedDemoData(handle.db, { ifEmpty: true }) : false;
if (!config.databaseUrl && (migrated.length > 0 || seeded)) {
  // Creating, migrating and seeding the embedded database grew PGlite's WebAssembly memory, which
  // never shrinks (~300 MB more at rest on a new data folder); a new instance serves without it.
  await handle.close();
  handle = await openDatabase(target);
}

// A rotation of APP_SECRET: what was sealed under the old value is sealed again under the new one.
const resealed = config.appSecretPrevious
  ? await resealUnderNewSecret(handle.db, { previous: config.appSecretPrevious, current: config.appSecret })
  : null;

const backups = config.databaseUrl
  ? null
  : createBackups({
      whileIdle: (task) => handle.whileIdle(task),
      dataDir: config.dataDir,
      filesDir: config.storage.kind === 'local' ? config.storage.dir : null,
      backupDir: config.backup.dir,
    });
const app = await buildApp({ config, db: handle.db, backups });
if (backups) control?.serve(() => backups.take());

// Approved coupons past their expiry release their money. Several instances may run this at once:
// each locks only rows no other instance holds.
const EXPIRY_SWEEP_MS = 60_000;
const sweep = setInterval(() => {
  app.jobs.expireCoupons().catch((error: unknown) => app.log.error({ err: error }, 'coupon expiry sweep failed'));
  // Claimed once per Lagos day across instances; later calls that day do nothing.
  app.jobs.dailyReminders().catch((error: unknown) => app.log.error({ err: error }, 'daily reminders failed'));
  // Claimed on its own, also once per Lagos day: a failed reminder run does not hold the digest back.
  app.jobs.dailyDigest().catch((error: unknown) => app.log.error({ err: error }, 'daily digest failed'));
  // The embedded database's backup, once per Lagos day from BACKUP_HOUR on (docs/operations.md).
  app.jobs
    .nightlyBackup()
    .then((taken) => taken && app.log.info({ path: taken.path, pruned: taken.pruned }, 'nightly backup taken'))
    .catch((error: unknown) => app.log.error({ err: error }, 'nightly backup failed'));
}, EXPIRY_SWEEP_MS);
sweep.unref();
// Card payments whose outcome the provider's webhook did not settle are asked about again; each
// instance claims different payments, and a reference is credited at most once.
const RECONCILE_CARDS_MS = 5 * 60_000;
const reconcile = setInterval(() => {
  app.jobs.reconcileCardPayments().catch((error: unknown) => app.log.error({ err: error }, 'card payment reconciliation failed'));
}, RECONCILE_CARDS_MS);
reconcile.unref();
// Webhook deliveries written by committed changes go out within seconds; instances claim different ones.
const WEBHOOKS_MS = 10_000;
const webhooks = setInterval(() => {
  app.jobs.deliverWebhooks().catch((error: unknown) => app.log.error({ err: error }, 'webhook delivery failed'));
}, WEBHOOKS_MS);
webhooks.unref();
// E-mails and texts go out right after the commit that wrote them; this sends their retries and
// what an instance that stopped meanwhile left, and purges those past MESSAGE_RETENTION_DAYS.
const MESSAGES_MS = 15_000;
const messages = setInterval(() => {
  app.jobs.deliverMessages().catch((error: unknown) => app.log.error({ err: error }, 'message delivery failed'));
}, MESSAGES_MS);
messages.unref();
const PURGE_MESSAGES_MS = 60 * 60_000;
const purgeMessages = setInterval(() => {
  app.jobs.purgeSentMessages().catch((error: unknown) => app.log.error({ err: error }, 'purging sent messages failed'));
  // The rest of the personal data with a retention setting (docs/privacy.md), on the same hourly beat.
  app.jobs.purgeExpiredPersonalData().catch((error: unknown) => app.log.error({ err: error }, 'purging expired personal data failed'));
  app.jobs.purgeUssdSessions().catch((error: unknown) => app.log.error({ err: error }, 'purging expired USSD sessions failed'));
}, PURGE_MESSAGES_MS);
purgeMessages.unref();
const shutdown = async () => {
  clearInterval(sweep);
  clearInterval(reconcile);
  clearInterval(webhooks);
  clearInterval(messages);
  clearInterval(purgeMessages);
  await app.close();
  await control?.close();
  await handle.close();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());

await app.listen({ host: config.host, port: config.port });
// A start is often a restart, and webhooks that arrived while no instance ran were lost: ask the
// provider about open card payments at once rather than in five minutes.
app.jobs
  .reconcileCardPayments({ recheckAfterMs: 0 })
  .catch((error: unknown) => app.log.error({ err: error }, 'card payment reconciliation failed'));
// Production with the demo's published sign-ins still working is open to anyone: said at every start.
const demoExposure = config.env === 'production' ? publishedPasswordWarning(await demoAccountsWithPublishedPassword(handle.db)) : null;
if (demoExposure) app.log.error(demoExposure);
const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}/pglite`;
const lines = [
  '',
  `FleetFuel is running at ${config.appUrl}  (API ${config.appUrl}/api, docs ${config.appUrl}/api/docs)`,
  `Database: ${where}${seeded ? ' (demo data seeded now)' : ''}`,
  config.webDistDir ? '' : 'The web app is not built yet: run `npm run build` to serve it here.',
  ...config.warnings.map((warning) => `WARNING: ${warning}`),
  resealed
    ? `APP_SECRET_PREVIOUS: ${resealed.couponKeys} coupon signing key(s) and ${resealed.webhookSecrets} webhook secret(s) sealed again under the new APP_SECRET; unset it once every instance runs the new value.`
    : '',
  demoExposure ? `\n!!! DANGER: ${demoExposure}\n` : '',
];
if (config.seedDemoData) {
  lines.push(`Demo sign-ins (password for all: ${DEMO_PASSWORD}):`);
  for (const demo of DEMO_SIGN_INS) lines.push(`  ${demo.email.padEnd(28)} ${demo.label}`);
  lines.push(`Station staff switch the shared pump device with station PIN ${DEMO_STATION_PIN}.`);
}
if (!config.mail.smtpUrl) lines.push(`E-mails (password resets) are written to ${config.mail.outboxDir}`);
console.log(lines.filter((l) => l !== '').join('\n'));
