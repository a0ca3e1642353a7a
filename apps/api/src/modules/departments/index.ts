export { createDepartmentsService, type DepartmentsService } from './departments.service.js';
export { bindDepartmentRoutes } from './departments.routes.js';
