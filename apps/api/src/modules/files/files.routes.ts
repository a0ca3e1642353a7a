import { fileRoutes } from '@fleetfuel/contract';
import type { RouteBinder } from '../../platform/http/routing.js';
import type { FilesService } from './files.service.js';

export function bindFileRoutes(binder: RouteBinder, files: FilesService): void {
  binder.bind(fileRoutes.get, ({ params, query, actor, reply }) => files.serve(params.key, query, actor, reply));
}
