export { createFilesService, type FilesService, type FileOwner, type FilePurpose } from './files.service.js';
export { bindFileRoutes } from './files.routes.js';
