export { createFilesService, type FilesService } from './files.service.js';
export { bindFileRoutes } from './files.routes.js';
