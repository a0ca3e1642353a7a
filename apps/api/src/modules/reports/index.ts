export { createReportsService, type ReportsService } from './reports.service.js';
export { bindReportRoutes } from './reports.routes.js';
