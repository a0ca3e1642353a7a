export { createFlagsService, type FlagsService } from './flags.service.js';
export { bindFlagRoutes } from './flags.routes.js';
export { flagsInsert, recordFlags } from './flags.repository.js';
