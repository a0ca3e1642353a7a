export { createExportsService, type ExportsService } from './exports.service.js';
export { bindExportRoutes } from './exports.routes.js';
