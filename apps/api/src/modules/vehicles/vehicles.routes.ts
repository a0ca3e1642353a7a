import { insuranceRoutes, vehicleRoutes } from '@fleetfuel/contract';
import { sendImportReply } from '../../platform/http/import-reply.js';
import { replyWithPdf } from '../../platform/http/pdf-reply.js';
import { withPageMeta } from '../../platform/http/paging.js';
import type { RouteBinder } from '../../platform/http/routing.js';
import type { InsuranceService } from './insurance.service.js';
import type { VehicleStickersService } from './vehicle-stickers.service.js';
import type { VehiclesService } from './vehicles.service.js';

export function bindVehicleRoutes(
  binder: RouteBinder,
  vehicles: VehiclesService,
  insurance: InsuranceService,
  stickers: VehicleStickersService,
): void {
  binder.bind(vehicleRoutes.stickers, async ({ actor, query, reply }) => replyWithPdf(reply, await stickers.stickerSheet(actor, query)));
  binder.bind(vehicleRoutes.sticker, ({ actor, params }) => stickers.sticker(actor, params.id));
  binder.bind(vehicleRoutes.list, async ({ actor, query }) => withPageMeta(query, await vehicles.list(actor, query)));
  binder.bind(vehicleRoutes.get, ({ actor, params }) => vehicles.get(actor, params.id));
  binder.bind(vehicleRoutes.create, ({ actor, body, files }) => vehicles.create(actor, body, files.image));
  binder.bind(vehicleRoutes.import, async ({ actor, query, body, files, reply }) =>
    sendImportReply(
      reply,
      await vehicles.importVehicles(actor, { dryRun: query.dryRun ?? false, organizationId: body.organizationId }, files.file),
    ),
  );
  binder.bind(vehicleRoutes.update, ({ actor, params, body, files }) => vehicles.update(actor, params.id, body, files.image));
  binder.bind(vehicleRoutes.remove, ({ actor, params }) => vehicles.remove(actor, params.id));
  binder.bind(vehicleRoutes.assignDriver, ({ actor, body }) => vehicles.assignDriver(actor, body));
  binder.bind(vehicleRoutes.unassignDriver, ({ actor, params }) => vehicles.unassignDriver(actor, params.id));

  binder.bind(insuranceRoutes.get, ({ actor, params }) => insurance.get(actor, params.id));
  binder.bind(insuranceRoutes.put, ({ actor, params, body, files }) => insurance.put(actor, params.id, body, files.document));
}
