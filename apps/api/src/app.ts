/**
 * Composes the platform and the modules into one Fastify app. No business logic lives here: this
 * file only wires services together and binds the contract's routes to them.
 */
import { createHmac, randomUUID } from 'node:crypto';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { API_BASE, MAX_UPLOAD_BYTES, authRoutes, couponRoutes, systemRoutes, type RouteDefinition } from '@fleetfuel/contract';
import { sql } from 'kysely';
import Fastify, { type FastifyInstance } from 'fastify';
import { OneLinePerRequest, serializeRequest } from './platform/logging.js';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './platform/config.js';
import { openDatabase, type Database } from './platform/db/database.js';
import { installErrorHandling, replyToClientError } from './platform/http/error-handler.js';
import { installRateLimit } from './platform/http/rate-limit.js';
import { createRouteBinder } from './platform/http/routing.js';
import { installApiCompression } from './platform/http/compression.js';
import { inlineScriptSources, serveIndexForClientRoutes, serveWebApp } from './platform/http/web-app.js';
import { installBodyParsers } from './platform/http/body-parsers.js';
import { documentRoute } from './platform/http/openapi.js';
import { createMailer, type Mailer } from './platform/mail/mailer.js';
import { createLocalStorage, createS3Storage, type FileStorage } from './platform/files/storage.js';
import { bindFileRoutes, createFilesService } from './modules/files/index.js';
import { bindPriceRoutes, createPricesService } from './modules/prices/index.js';
import {
  bindSubscriptionRoutes,
  createBillingService,
  createPlansService,
  createRenewalService,
  createUsageService,
} from './modules/subscriptions/index.js';
import { bindPolicyRoutes, createPoliciesService } from './modules/policies/index.js';
import { bindFlagRoutes, createFlagsService } from './modules/flags/index.js';
import { bindFreezeRoutes, createFreezesService } from './modules/freezes/index.js';
import { bindOverrideRoutes, createOverridesService } from './modules/overrides/index.js';
import { bindReserveRoutes, createReservesService } from './modules/reserves/index.js';
import { bindAuditRoutes, createAuditService } from './modules/audit/index.js';
import { bindAlertRoutes, createAlertsService, createDailyDigest } from './modules/alerts/index.js';
import {
  bindRedemptionFollowUpRoutes,
  bindRequestRoutes,
  bindStationRedemptionRoutes,
  createFuelRequestsService,
  createMaintenanceService,
  createAttendantFigures,
  createRedemptionFollowUps,
  createStationRedemptions,
} from './modules/requests/index.js';
import { bindAnalyticsRoutes, createAnalyticsService } from './modules/analytics/index.js';
import { bindOutboxRoutes, createNotificationsService, type MessageOutcome } from './modules/notifications/index.js';
import { bindSupportRoutes, createSupportService } from './modules/support/index.js';
import { bindAccountRoutes, createAccountService } from './modules/account/index.js';
import { bindPrivacyRoutes, createPrivacyService } from './modules/privacy/index.js';
import { bindReportRoutes, createReportsService } from './modules/reports/index.js';
import {
  bindAuthRoutes,
  bindStationDeviceRoutes,
  createAttendantSwitch,
  createAuthService,
  createPasswordInvitations,
  createThrottleCounters,
} from './modules/auth/index.js';
import { bindUssdRoutes, createUssdService } from './modules/ussd/index.js';
import { bindFuelStationRoutes, createFuelStationsService } from './modules/fuel-stations/index.js';
import { bindOrganizationRoutes, createOrganizationsService } from './modules/organizations/index.js';
import { createSessionsService } from './modules/sessions/index.js';
import { bindApiKeyRoutes, createApiKeysService } from './modules/api-keys/index.js';
import { bindWebhookRoutes, createWebhookDispatcher, createWebhooksService, type DispatchOutcome } from './modules/webhooks/index.js';
import { bindDriverRoutes, bindUserRoutes, createUsersService } from './modules/users/index.js';
import { bindDepartmentRoutes, createDepartmentsService } from './modules/departments/index.js';
import { bindVehicleRoutes, createInsuranceService, createVehicleStickers, createVehiclesService } from './modules/vehicles/index.js';
import { bindExportRoutes, createExportsService } from './modules/exports/index.js';
import { systemClock, type Clock } from './platform/clock.js';
import { createCouponSigner } from './platform/coupons.js';
import { createCouponKeyRing } from './platform/coupon-keys.js';
import { createSmsProvider, type SmsProvider } from './platform/sms/sms.js';
import { createBackgroundTasks, type BackgroundTasks } from './platform/background.js';
import type { Backups } from './platform/backup/backups.js';
import { createNightlyBackup } from './platform/backup/nightly.js';
import { createReportRenderer } from './platform/pdf/report-renderer.js';
import { createIdempotencyStore } from './platform/http/idempotency.js';
import { createPaystackProvider } from './platform/payments/paystack.js';
import { createSandboxProvider, type SandboxProvider } from './platform/payments/sandbox.js';
import type { PaymentProvider } from './platform/payments/provider.js';
import { createLedgerService } from './modules/ledger/index.js';
import { bindSandboxCheckoutRoutes, bindWalletRoutes, createSandboxCheckout, createWalletService } from './modules/wallet/index.js';

export interface AppDeps {
  config: Config;
  db: Database;
  mailer?: Mailer;
  sms?: SmsProvider;
  storage?: FileStorage;
  clock?: Clock;
  /** Rows an export reads at a time (tests make it small to see the batches). */
  exportBatchRows?: number;
  /** Rows a PDF report reads at a time (tests make it small to see the batches). */
  reportBatchRows?: number;
  /** Replaces the configured payment provider (tests of the Paystack adapter bring their own). */
  paymentProvider?: PaymentProvider;
  /** The embedded database's backups (server.ts makes them on PGlite); without them there is no nightly backup. */
  backups?: Backups | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Work still running after its reply (e-mails, sandbox webhooks); tests and shutdown wait on it. */
    background: BackgroundTasks;
    /** Periodic work; server.ts runs it on a timer, tests call it directly. */
    jobs: {
      expireCoupons(): Promise<number>;
      dailyReminders(): Promise<boolean>;
      /** Today's alerts digest to organization admins, once per Lagos day across instances; whether this call sent it. */
      dailyDigest(): Promise<boolean>;
      /** The embedded database's backup, once per Lagos day from BACKUP_HOUR on; the archive taken, or null. */
      nightlyBackup(): Promise<{ path: string; pruned: string[] } | null>;
      /** Re-verifies open card payments with the provider: credits the paid, expires the abandoned. */
      reconcileCardPayments(options?: {
        recheckAfterMs?: number;
      }): Promise<{ checked: number; credited: number; failed: number; expired: number; errors: number }>;
      /** Sends the webhook outbox's due deliveries (several instances may run it at once). */
      deliverWebhooks(): Promise<DispatchOutcome>;
      /** Sends the outbox's due e-mails and texts: retries, and what a stopped instance left (several may run it at once). */
      deliverMessages(): Promise<MessageOutcome>;
      /** Deletes e-mails and texts sent or failed more than MESSAGE_RETENTION_DAYS ago; returns how many. */
      purgeSentMessages(): Promise<number>;
      /** Deletes sessions and sign-in attempts older than their retention settings; returns how many of each. */
      purgeExpiredPersonalData(): Promise<{ sessions: number; signInAttempts: number }>;
      /** Deletes USSD sessions past their timeout; returns how many. */
      purgeUssdSessions(): Promise<number>;
    };
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    contractRoute?: RouteDefinition;
  }
}

/** Routes whose reply carries a bearer token. */
const TOKEN_REPLIES: ReadonlySet<RouteDefinition> = new Set([authRoutes.login, authRoutes.register]);

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db } = deps;
  const app = Fastify({
    logger:
      config.logFormat === 'pretty'
        ? {
            level: config.logLevel,
            // A terminal's reader wants "GET /api/auth/me 200" on one line, so the banner with the
            // sign-ins stays findable; pino-pretty formats in a worker thread of its own.
            transport: {
              target: 'pino-pretty',
              options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,reqId', singleLine: true },
            },
          }
        : { level: config.logLevel, serializers: { req: serializeRequest } },
    // JSON keeps Fastify's two structured lines per request; a terminal gets one readable line.
    ...(config.logFormat === 'pretty' ? { logController: new OneLinePerRequest() } : {}),
    genReqId: () => randomUUID(),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    clientErrorHandler: replyToClientError,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app, config.webDistDir ? serveIndexForClientRoutes : undefined);
  for (const warning of config.warnings) app.log.warn(warning);
  await installRateLimit(app, config.rateLimit);
  app.addHook('onSend', async (request, reply) => {
    void reply.header('x-request-id', request.id);
  });
  // What a signed-in caller gets (JSON, PDFs, files), and the replies that carry a new token, must
  // not stay in a shared computer's browser cache or in a proxy.
  app.addHook('onSend', async (request, reply) => {
    const route = request.routeOptions.config.contractRoute;
    if (request.headers.authorization !== undefined || (route && TOKEN_REPLIES.has(route))) {
      void reply.header('cache-control', 'no-store');
    }
  });

  await installApiCompression(app);

  // HSTS and upgrade-insecure-requests only when served over https: on a plain-http intranet
  // install they would send browsers to an https address that does not exist.
  const servedOverHttps = config.appUrl.startsWith('https://');
  await app.register(fastifyHelmet, {
    strictTransportSecurity: servedOverHttps,
    contentSecurityPolicy: {
      directives: {
        'upgrade-insecure-requests': servedOverHttps ? [] : null,
        // Mantine sets inline style attributes; scripts stay same-origin only, but may compile
        // WebAssembly (the QR reader at the stations is zxing compiled to WebAssembly).
        'style-src': ["'self'", "'unsafe-inline'"],
        'script-src': ["'self'", "'wasm-unsafe-eval'", ...(config.webDistDir ? inlineScriptSources(config.webDistDir) : [])],
        'img-src': ["'self'", 'data:', 'blob:'],
      },
    },
  });
  await app.register(fastifySwagger, {
    openapi: {
      // 3.1: its schemas are JSON Schema, so a nullable union is `anyOf` with `null`, as zod writes it.
      openapi: '3.1.0',
      info: {
        title: 'FleetFuel API',
        version: '0.1.0',
        description: 'Generated from the contract package route table.',
        license: { name: 'Proprietary: for FleetFuel customers and their integrations', identifier: 'LicenseRef-FleetFuel' },
      },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', description: 'A session token from /api/auth/login, or an API key (ff_live_…)' },
        },
      },
    },
    transform: documentRoute,
  });
  await app.register(fastifySwaggerUi, { routePrefix: `${API_BASE}/docs` });
  installBodyParsers(app);
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 3, fields: 60, fieldSize: 64 * 1024, parts: 80 },
  });

  const mailer = deps.mailer ?? createMailer(config.mail);
  const sms = deps.sms ?? createSmsProvider(config.sms);
  const storage = deps.storage ?? (config.storage.kind === 's3' ? createS3Storage(config.storage) : createLocalStorage(config.storage.dir));
  const files = createFilesService({ db, storage, secret: config.appSecret });
  const sessions = createSessionsService({ db, ttlHours: config.sessionTtlHours });
  const clock = deps.clock ?? systemClock;
  const background = createBackgroundTasks(app.log);
  // Messages already promised (coupon texts, e-mails) go out before the app's connections close;
  // a provider that hangs holds the shutdown ten seconds at most. Then the mail server's
  // connections close (one hook: the app's close hooks run last registered first).
  app.addHook('onClose', async () => {
    await Promise.race([background.idle(), new Promise<void>((resolve) => setTimeout(resolve, 10_000).unref())]);
    await mailer.close?.();
  });
  // One pool of PDF workers for reports and statements; its idle workers would otherwise keep a
  // closed app's process (and a test run) alive until their idle timers ran out.
  const renderer = createReportRenderer();
  app.addHook('onClose', () => renderer.close());
  app.decorate('background', background);
  // Reports and analytics only read, and may lag by seconds: with DATABASE_READ_URL their own
  // queries go to the replica, through a pool of their own under the primary's limits, closed with
  // the app. What they ask of other modules (request lists, due alerts, counts) goes through those
  // modules' services, and so stays on the primary, like every write.
  const replica = config.databaseReadUrl
    ? await openDatabase({ engine: 'postgres', url: config.databaseReadUrl, limits: config.database })
    : null;
  if (replica) app.addHook('onClose', () => replica.close());
  const readDb = replica?.db ?? db;
  const ledger = createLedgerService();
  const usage = createUsageService();
  const departments = createDepartmentsService({ db, usage });
  // The auth module's tokens, handed to users: drivers imported without a password are invited to choose one.
  const invitations = createPasswordInvitations({ db, mailer, sms, background, clock, appUrl: config.appUrl });
  const users = createUsersService({ db, sessions, files, usage, departments, invitations });
  const vehicles = createVehiclesService({ db, files, usage, departments, clock });
  const insurance = createInsuranceService({ db, files, usage, vehicles });
  const organizations = createOrganizationsService({ db, files, ledger, vehicles, clock });
  const fuelStations = createFuelStationsService({ db, files, ledger });
  const plans = createPlansService({ db });
  const prices = createPricesService({ db });
  const auth = createAuthService({ db, config, mailer, background, users, sessions, organizations, clock });
  const notifications = createNotificationsService({
    db,
    mailer,
    sms,
    background,
    clock,
    log: app.log,
    appUrl: config.appUrl,
    messageRetentionDays: config.retention.messageDays,
  });
  const renewal = createRenewalService({ db, ledger, clock });
  const billing = createBillingService({ db, usage, renewal, clock });
  const reserves = createReservesService({ db, usage });
  let sandbox: SandboxProvider | null = null;
  let provider: PaymentProvider;
  if (deps.paymentProvider) {
    provider = deps.paymentProvider;
  } else if (config.payments.provider === 'paystack') {
    provider = createPaystackProvider({
      secretKey: config.payments.paystackSecretKey,
      baseUrl: config.payments.paystackBaseUrl,
      timeoutMs: 10_000,
    });
  } else {
    sandbox = createSandboxProvider({
      db,
      settings: { appUrl: config.appUrl, webhookSecret: sandboxWebhookSecret(config.appSecret) },
      // The sandbox's webhooks go through the very route a real provider calls.
      deliver: async (rawBody, signature) => {
        await app.inject({
          method: 'POST',
          url: `${API_BASE}/payments/webhook`,
          headers: { 'content-type': 'application/json', 'x-paystack-signature': signature },
          payload: rawBody,
        });
      },
      schedule: (name, task) => background.run(name, task),
    });
    provider = sandbox;
  }
  const wallet = createWalletService({
    db,
    ledger,
    provider,
    renewal,
    appUrl: config.appUrl,
    production: config.env === 'production',
    transferRetries: config.payments.transferRetries,
    log: app.log,
    notifications,
    clock,
    renderer,
  });

  const couponKeys = createCouponKeyRing({ db, appSecret: config.appSecret, now: () => clock.now() });
  const coupons = createCouponSigner({ secret: config.appSecret, keys: couponKeys });
  const vehicleStickers = createVehicleStickers({ db, signer: coupons });
  // The signing key is read (or, on a new database, made) before the first request needs it.
  app.addHook('onReady', async () => {
    await couponKeys.signingKey();
  });
  const policies = createPoliciesService({ db });
  // What the fuel and maintenance services both need: holds and payments, prices, limits, coupons.
  const requestDeps = {
    db,
    ledger,
    vehicles,
    prices,
    usage,
    clock,
    coupons,
    platformFeeBps: config.payments.platformFeeBps,
    notifications,
  };
  const fuelRequests = createFuelRequestsService({ ...requestDeps, policies, files });
  const maintenance = createMaintenanceService(requestDeps);
  const flags = createFlagsService({ db });
  const analytics = createAnalyticsService({ db: readDb, primary: db, clock, vehicles, fuel: fuelRequests, maintenance, flags });
  const reports = createReportsService({
    db: readDb,
    clock,
    vehicles,
    renderer,
    statementTimeoutMs: config.reports.statementTimeoutMs,
    batchRows: deps.reportBatchRows,
  });
  const support = createSupportService({ db, files, notifications, contact: config.support });
  const alerts = createAlertsService({ db, clock, vehicles });
  const webhookDispatcher = createWebhookDispatcher({
    db,
    clock,
    appSecret: config.appSecret,
    publicOnly: config.env === 'production',
    log: app.log,
  });
  const dailyDigest = createDailyDigest({ db, clock, alerts, notifications, log: app.log, appUrl: config.appUrl });
  const nightlyBackup = createNightlyBackup({
    backups: deps.backups ?? null,
    schedule: config.backup,
    clock,
    claimDailyRun: (name, day) => notifications.claimDailyRun(name, day),
  });
  const ussd = createUssdService({
    db,
    clock,
    settings: config.ussd,
    services: { fuelRequests, users },
    throttles: createThrottleCounters(db),
  });
  const privacy = createPrivacyService({ db, users, sessions, files, notifications, clock, retention: config.retention });
  app.decorate('jobs', {
    expireCoupons: () => fuelRequests.expireDue(),
    dailyReminders: () => notifications.runDailyReminders(),
    dailyDigest: () => dailyDigest.run(),
    nightlyBackup: () => nightlyBackup.run(),
    reconcileCardPayments: (options) => wallet.reconcileCardPayments(options),
    deliverWebhooks: () => webhookDispatcher.run(),
    deliverMessages: () => notifications.deliverDue(),
    purgeSentMessages: () => notifications.purgeSent(),
    purgeExpiredPersonalData: () => privacy.purgeExpiredPersonalData(),
    purgeUssdSessions: () => ussd.purgeExpired(),
  });

  const apiKeys = createApiKeysService({ db });
  const binder = createRouteBinder(app, apiKeys.resolverOver(sessions.resolve), createIdempotencyStore(db), config.limits);
  // The primary only: the load balancer takes an instance out when this fails, and a replica that
  // is down costs the reports and analytics, not every request the primary still serves.
  binder.bind(systemRoutes.health, async () => {
    await sql`SELECT 1`.execute(db);
    return { status: 'ok' as const, database: 'ok' as const };
  });
  binder.bind(couponRoutes.keys, async ({ reply }) => {
    // Station devices keep their own copy for offline checks; five minutes of shared caching keeps
    // this public route cheap while a rotated key still reaches online devices quickly.
    void reply.header('cache-control', 'public, max-age=300');
    return couponKeys.jwks();
  });
  bindAuthRoutes(binder, auth);
  bindStationDeviceRoutes(binder, createAttendantSwitch({ db, users, sessions, clock }));
  bindUserRoutes(binder, users);
  bindDriverRoutes(binder, users);
  bindDepartmentRoutes(binder, departments);
  bindVehicleRoutes(binder, vehicles, insurance, vehicleStickers);
  bindFreezeRoutes(binder, createFreezesService({ db, vehicle: vehicles.get, driver: users.getDriver }));
  bindOrganizationRoutes(binder, organizations);
  bindFuelStationRoutes(binder, fuelStations);
  bindSubscriptionRoutes(binder, plans, billing);
  bindReserveRoutes(binder, reserves);
  bindPolicyRoutes(binder, policies, fuelRequests.budgetUsage);
  bindFlagRoutes(binder, flags);
  bindOverrideRoutes(binder, createOverridesService({ db }));
  bindAuditRoutes(binder, createAuditService({ db }));
  bindOutboxRoutes(binder, notifications);
  bindAlertRoutes(binder, alerts);
  const redemptionFollowUps = createRedemptionFollowUps({ db, clock });
  bindRequestRoutes(binder, fuelRequests, maintenance, redemptionFollowUps);
  bindRedemptionFollowUpRoutes(binder, redemptionFollowUps, createAttendantFigures({ db: readDb, clock }));
  bindStationRedemptionRoutes(binder, createStationRedemptions({ db, clock }));
  bindAnalyticsRoutes(binder, analytics);
  bindReportRoutes(binder, reports);
  bindSupportRoutes(binder, support);
  bindAccountRoutes(binder, createAccountService({ users, sessions, notifications }));
  bindPrivacyRoutes(binder, privacy);
  bindUssdRoutes(binder, ussd);
  bindApiKeyRoutes(binder, apiKeys);
  bindWebhookRoutes(binder, createWebhooksService({ db, clock, appSecret: config.appSecret, production: config.env === 'production' }));
  bindPriceRoutes(binder, prices);
  bindFileRoutes(binder, files);
  bindWalletRoutes(binder, wallet);
  bindExportRoutes(
    binder,
    createExportsService({ clock, vehicles, users, departments, fuelRequests, maintenance, wallet, batchRows: deps.exportBatchRows }),
  );
  if (sandbox) bindSandboxCheckoutRoutes(binder, createSandboxCheckout(sandbox));

  if (config.webDistDir) await serveWebApp(app, config.webDistDir);
  return app;
}

function sandboxWebhookSecret(appSecret: string): string {
  return createHmac('sha256', appSecret).update('sandbox-webhooks').digest('hex');
}
