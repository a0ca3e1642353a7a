/** The four reports of spec section 2 and what each needs before it can be generated. */
import { routes, type RouteDefinition } from '@fleetfuel/contract';

type ReportKind = 'combined' | 'insuranceStatus' | 'serviceTerm' | 'vehiclesDrivers';

export interface ReportDefinition {
  kind: ReportKind;
  title: string;
  description: string;
  route: RouteDefinition;
  /** The name to save under should the server give none. */
  fallbackName: string;
  /** Comprehensive only: a From and a To date. */
  needsDates: boolean;
}

export const REPORTS: readonly ReportDefinition[] = [
  {
    kind: 'combined',
    title: 'Comprehensive',
    description: 'Fuel volume and cost and maintenance cost per vehicle between two dates.',
    route: routes.reports.combined,
    fallbackName: 'comprehensive-report.pdf',
    needsDates: true,
  },
  {
    kind: 'insuranceStatus',
    title: 'Insurance Status',
    description: 'Every asset’s insurance, soonest expiry first.',
    route: routes.reports.insuranceStatus,
    fallbackName: 'insurance-status.pdf',
    needsDates: false,
  },
  {
    kind: 'serviceTerm',
    title: 'Service Term',
    description: 'Maintenance history of each asset and what is due.',
    route: routes.reports.serviceTerm,
    fallbackName: 'service-term.pdf',
    needsDates: false,
  },
  {
    kind: 'vehiclesDrivers',
    title: 'Vehicle & Drivers',
    description: 'The registry of assets with the drivers assigned to them.',
    route: routes.reports.vehiclesDrivers,
    fallbackName: 'vehicles-and-drivers.pdf',
    needsDates: false,
  },
];

export interface ReportInputs {
  /** ADMIN's chosen organization; others' is their own and is not sent. */
  organizationId: string | null;
  /** YYYY-MM-DD, or '' while not chosen. */
  startDate: string;
  endDate: string;
}

export type ReportQuery = Record<string, string>;

/** The same words as the API's check, shown before the call is made. */
export const DATE_ORDER_MESSAGE = 'The start date must be on or before the end date';

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The query a report is generated with, or why it cannot be yet: the organization (ADMIN) and, for
 * the Comprehensive report, both dates must be chosen; the reason shows beside Generate.
 */
export function reportQuery(
  report: Pick<ReportDefinition, 'needsDates'>,
  inputs: ReportInputs,
  needsOrganization: boolean,
): { ready: true; query: ReportQuery } | { ready: false; reason: string } {
  if (needsOrganization && !inputs.organizationId) return { ready: false, reason: 'Choose an organization first.' };
  const query: ReportQuery = needsOrganization && inputs.organizationId ? { organizationId: inputs.organizationId } : {};
  if (!report.needsDates) return { ready: true, query };
  if (!DATE_PATTERN.test(inputs.startDate) || !DATE_PATTERN.test(inputs.endDate)) {
    return { ready: false, reason: 'Choose the From and To dates.' };
  }
  // ISO dates compare as text.
  if (inputs.startDate > inputs.endDate) return { ready: false, reason: DATE_ORDER_MESSAGE };
  return { ready: true, query: { startDate: inputs.startDate, endDate: inputs.endDate, ...query } };
}
