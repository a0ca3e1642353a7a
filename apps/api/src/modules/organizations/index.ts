export { createOrganizationsService, type OrganizationsService } from './organizations.service.js';
export { bindOrganizationRoutes } from './organizations.routes.js';
