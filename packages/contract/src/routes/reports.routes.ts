import { route, pdfReply } from './route.js';
import { combinedReportQuerySchema, reportQuerySchema } from '../analytics.schemas.js';

export const reportRoutes = {
  combined: route({
    method: 'GET',
    path: '/reports/x/combined',
    permission: 'reports.view',
    summary: 'Comprehensive report (PDF): per vehicle fuel volume and cost and maintenance cost in the period',
    tag: 'reports',
    query: combinedReportQuerySchema,
    reply: pdfReply,
    replyType: 'file',
  }),
  insuranceStatus: route({
    method: 'GET',
    path: '/reports/x/insurance-status',
    permission: 'reports.view',
    summary: 'Insurance status report (PDF): every asset, soonest expiry first',
    tag: 'reports',
    query: reportQuerySchema,
    reply: pdfReply,
    replyType: 'file',
  }),
  serviceTerm: route({
    method: 'GET',
    path: '/reports/x/service-term',
    permission: 'reports.view',
    summary: 'Service term report (PDF): maintenance history and what is due',
    tag: 'reports',
    query: reportQuerySchema,
    reply: pdfReply,
    replyType: 'file',
  }),
  vehiclesDrivers: route({
    method: 'GET',
    path: '/reports/x/vehicles-drivers-list',
    permission: 'reports.view',
    summary: 'Vehicles & drivers report (PDF): the registry with assignments',
    tag: 'reports',
    query: reportQuerySchema,
    reply: pdfReply,
    replyType: 'file',
  }),
};
