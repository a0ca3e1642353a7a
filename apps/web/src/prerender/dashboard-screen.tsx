/**
 * The prerendered Dashboard's templates, rendered at build time (build-plugins/prerender.ts): the
 * app's own frame (`AppFrame`), the Dashboard's header and its four stat cards, one template for
 * each starting width (the menu starts collapsed on a phone), with the widest menu of the roles that
 * have the fleet's Dashboard; the page's script cuts it down to the person's role.
 * The cards carry their titles and icons; the figures, the welcome and the header's person are
 * the stored session's and the overview's, written on the page (dashboard-fill.ts). What is not
 * known at build time is kept blank by the template's own style, with its place kept, so nothing
 * moves when React's screen takes over.
 */
import { Stack } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { MOBILE_BREAKPOINT_PX, menuFor, type Role, type SessionUser } from '@fleetfuel/contract';
import { AppFrame } from '@/app/shell/AppLayout';
import { DashboardHeader, dashboardStatCards, StatCardGrid } from '@/features/dashboard/components/FleetDashboard';
import { dashboardStats } from '@/features/dashboard/dashboard-stats';
import { AuthProvider } from '@/lib/auth';
import {
  dashboardTemplateId,
  PRERENDERED_DASHBOARD_ID,
  PRERENDERED_DASHBOARD_ROLES,
  UNFILLED_ATTRIBUTE,
  type DashboardFillOptions,
} from './dashboard-fill';
import { EARLY_CALL_URLS } from './early-calls-script';
import { renderThemed } from './sign-in-screen';

/** Someone of the role, with nothing of a person: the header's person is blank in the template. */
function anonymous(role: Role): SessionUser {
  return {
    id: 'prerendered',
    name: '',
    firstName: '',
    title: null,
    email: null,
    phone: null,
    role,
    organizationId: null,
    fuelStationId: null,
    imageUrl: null,
    status: 'ACTIVE',
    language: 'en',
    organization: null,
    fuelStation: null,
    vehicle: null,
    createdAt: new Date(0).toISOString(),
  };
}

/**
 * Cards with their titles; their figures are written on the page. Each note is a blank line, so that
 * the card has its place for one and its height before the figures arrive.
 */
const BLANK_NOTE = '\u00a0';
const UNKNOWN_FIGURES = dashboardStats({
  counts: { vehicles: 0, drivers: 0, maintenanceDue: 0 },
  notes: { vehicles: BLANK_NOTE, drivers: BLANK_NOTE, fuelConsumption: BLANK_NOTE, maintenanceDue: BLANK_NOTE },
  fuelSummary: { totalCompleted: 0 },
});

/**
 * The overlay's own style, in each template so it leaves with the overlay: it covers the page above
 * #root's session loader, the page's background under it; the header's person, the footer (which
 * the Dashboard's chart will push below the fold) and, until they are written, the figures are blank.
 */
const OVERLAY_STYLE =
  `<style>#${PRERENDERED_DASHBOARD_ID}{position:fixed;inset:0;z-index:1000;overflow:hidden;background:var(--mantine-color-body)}` +
  `#${PRERENDERED_DASHBOARD_ID} [data-prerender-blank],#${PRERENDERED_DASHBOARD_ID} footer,` +
  `#${PRERENDERED_DASHBOARD_ID}[${UNFILLED_ATTRIBUTE}] :is([data-stat-number],[data-stat-note]){visibility:hidden}</style>`;

function renderDashboardScreen(role: Role, narrow: boolean): string {
  const user = anonymous(role);
  const ignore = () => undefined;
  return renderThemed(
    <QueryClientProvider client={new QueryClient()}>
      <AuthProvider>
        <MemoryRouter initialEntries={['/']}>
          <AppFrame user={user} collapsed={narrow} narrow={narrow} pageLoading={false} onToggleNav={ignore} onCloseNav={ignore}>
            <DashboardHeader user={user} />
            <Stack gap="lg">
              <StatCardGrid>{dashboardStatCards(UNKNOWN_FIGURES)}</StatCardGrid>
            </Stack>
          </AppFrame>
        </MemoryRouter>
      </AuthProvider>
    </QueryClientProvider>,
  );
}

const menuLabels = (role: Role) => menuFor(role).map((entry) => entry.label);

/** The role whose menu holds every other's, which the templates draw; the build stops if none does. */
function roleWithWidestMenu(): Role {
  const widest = PRERENDERED_DASHBOARD_ROLES.find((role) =>
    PRERENDERED_DASHBOARD_ROLES.every((other) => menuLabels(other).every((label) => menuLabels(role).includes(label))),
  );
  if (!widest)
    throw new Error(`No menu of ${PRERENDERED_DASHBOARD_ROLES.join(', ')} holds the others': the prerendered Dashboard needs one`);
  return widest;
}

/** Every template, for index.html. */
export function renderDashboardTemplates(): string {
  const role = roleWithWidestMenu();
  return [false, true]
    .map((narrow) => `<template id="${dashboardTemplateId(narrow)}">${OVERLAY_STYLE}${renderDashboardScreen(role, narrow)}</template>`)
    .join('');
}

/** What the inline script is run with: values of the contract that the page's script does not import. */
export function dashboardFillOptions(): DashboardFillOptions {
  return {
    overviewUrl: EARLY_CALL_URLS.overview,
    mobileBreakpointPx: MOBILE_BREAKPOINT_PX,
    menus: Object.fromEntries(PRERENDERED_DASHBOARD_ROLES.map((role) => [role, menuLabels(role)])),
  };
}
