export { createReportsService } from './reports.service.js';
export { bindReportRoutes } from './reports.routes.js';
