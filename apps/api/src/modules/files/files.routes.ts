import { fileRoutes } from '@fleetfuel/contract';
import { replyWithFile } from '../../platform/http/file-reply.js';
import type { RouteBinder } from '../../platform/http/routing.js';
import type { FilesService } from './files.service.js';

export function bindFileRoutes(binder: RouteBinder, files: FilesService): void {
  binder.bind(fileRoutes.get, async ({ params, query, actor, reply }) => replyWithFile(reply, await files.read(params.key, query, actor)));
}
