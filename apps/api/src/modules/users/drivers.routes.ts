import { driverRoutes } from '@fleetfuel/contract';
import { sendImportReply } from '../../platform/http/import-reply.js';
import { withPageMeta } from '../../platform/http/paging.js';
import type { RouteBinder } from '../../platform/http/routing.js';
import type { UsersService } from './users.service.js';

/** Drivers are DRIVER accounts; fleet managers (not only account managers) look after them. */
export function bindDriverRoutes(binder: RouteBinder, users: UsersService): void {
  binder.bind(driverRoutes.list, async ({ actor, query }) => withPageMeta(query, await users.listDrivers(actor, query)));
  binder.bind(driverRoutes.get, ({ actor, params }) => users.getDriver(actor, params.id));
  binder.bind(driverRoutes.create, ({ actor, body, files }) => users.createDriver(actor, body, files.image));
  binder.bind(driverRoutes.import, async ({ actor, query, body, files, reply }) =>
    sendImportReply(
      reply,
      await users.importDrivers(actor, { dryRun: query.dryRun ?? false, organizationId: body.organizationId }, files.file),
    ),
  );
  binder.bind(driverRoutes.update, ({ actor, params, body, files }) => users.updateDriver(actor, params.id, body, files.image));
  binder.bind(driverRoutes.remove, ({ actor, params }) => users.removeDriver(actor, params.id));
  binder.bind(driverRoutes.resetPumpPin, ({ actor, params }) => users.resetDriverPumpPin(actor, params.id));
  binder.bind(driverRoutes.resendInvitation, ({ actor, params }) => users.resendDriverInvitation(actor, params.id));
}
