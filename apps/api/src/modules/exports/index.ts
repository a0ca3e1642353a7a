export { createExportsService } from './exports.service.js';
export { bindExportRoutes } from './exports.routes.js';
