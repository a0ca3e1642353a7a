export { createFreezesService } from './freezes.service.js';
export { bindFreezeRoutes } from './freezes.routes.js';
export { frozenOf } from './frozen.js';
