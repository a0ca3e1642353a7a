/**
 * The inline script that draws the prerendered Dashboard (prerendered-dashboard.ts says why and how
 * it leaves). The build bundles this module into index.html (build-plugins/prerender.ts), so the
 * script computes the cards with the app's own `dashboardStats` and number format, not a copy; what
 * it imports must therefore stay small and free of React and zod.
 *
 * At `/`, for a stored session of a role whose home is the fleet's Dashboard, it puts the template
 * the build rendered for the width over the page at once (the frame, the title and the cards with
 * their titles), its menu cut down to the role's, then writes the person's welcome and, when the
 * overview reply that index.html asked for arrives (early-calls-script.ts), the four figures. It
 * reads a copy of that reply: the app still takes the original (lib/early-replies.ts).
 */
import type { Role } from '@fleetfuel/contract';
import { dashboardStats, dashboardWelcome, type DashboardFigures, type DashboardStat } from '@/features/dashboard/dashboard-stats';
import { readSession } from '@/lib/auth/session-storage';
import { EARLY_CALLS_GLOBAL, type EarlyCalls } from '@/lib/early-replies';
import { formatStatNumber } from '@/lib/number-format';

/** The overlay's element, outside #root. */
export const PRERENDERED_DASHBOARD_ID = 'prerendered-dashboard';

/** The roles whose home at `/` is the fleet's Dashboard of four cards (a driver's differs). */
export const PRERENDERED_DASHBOARD_ROLES = ['ADMINISTRATOR', 'ASST_ADMINISTRATOR'] as const satisfies readonly Role[];

/**
 * The template the build renders for a starting width (the menu starts collapsed on a phone). It
 * holds the widest of the roles' menus; the script removes what the person's role does not have.
 */
export function dashboardTemplateId(narrow: boolean): string {
  return `${PRERENDERED_DASHBOARD_ID}-${narrow ? 'narrow' : 'wide'}`;
}

/** Set on the overlay until the figures are written: the cards show their titles only. */
export const UNFILLED_ATTRIBUTE = 'data-unfilled';

export interface DashboardFillOptions {
  /** The overview's URL as the early calls ask for it. */
  overviewUrl: string;
  /** At or under this width the app starts with the menu collapsed (AppLayout). */
  mobileBreakpointPx: number;
  /** Each role's menu entries, by label (the contract's `menuFor`). */
  menus: Partial<Record<Role, readonly string[]>>;
}

/** Writes the figures into the cards of the overlay (or of any markup of them). */
function fillDashboardFigures(root: ParentNode, stats: readonly DashboardStat[]): void {
  for (const stat of stats) {
    const card = root.querySelector(`[data-stat="${stat.key}"]`);
    if (!card) continue;
    const number = card.querySelector('[data-stat-number]');
    const unit = card.querySelector('[data-stat-unit]');
    const note = card.querySelector('[data-stat-note]');
    if (number?.firstChild) number.firstChild.nodeValue = formatStatNumber(stat.number);
    // The card leaves out a unit or a note it does not have.
    if (unit) unit.textContent = stat.unit;
    if (unit && !stat.unit) unit.remove();
    if (note) note.textContent = stat.note;
    if (note && !stat.note) note.remove();
  }
}

/**
 * The signed-in frame's and the Dashboard's stylesheets, applied now rather than when the app loads
 * them: index.html's script preloads them for a stored session (module-preloads.ts), and the app's
 * loader finds each one on the page and does not add it again. Resolves once they have all loaded
 * (or failed: the overlay then shows as it can, as the app would).
 */
function applyPreloadedStylesheets(): Promise<unknown> {
  const preloads = document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="style"]');
  return Promise.all(
    Array.from(preloads, (preload) => {
      const sheet = document.createElement('link');
      sheet.rel = 'stylesheet';
      sheet.crossOrigin = '';
      sheet.href = preload.getAttribute('href') ?? '';
      const loaded = new Promise((resolve) => {
        sheet.onload = sheet.onerror = resolve;
      });
      document.head.append(sheet);
      return loaded;
    }),
  );
}

function isRoleWithPrerenderedDashboard(role: Role): boolean {
  return (PRERENDERED_DASHBOARD_ROLES as readonly Role[]).includes(role);
}

/** The script's body: returns the overlay it put on the page, or null where it drew nothing. */
export function showPrerenderedDashboard({ overviewUrl, mobileBreakpointPx, menus }: DashboardFillOptions): HTMLElement | null {
  if (location.pathname !== '/') return null;
  const session = readSession();
  if (!session || !isRoleWithPrerenderedDashboard(session.user.role)) return null;
  const early = (window as unknown as Record<string, EarlyCalls | undefined>)[EARLY_CALLS_GLOBAL];
  const reply = early?.replies[overviewUrl];
  const template = document.getElementById(dashboardTemplateId(window.innerWidth <= mobileBreakpointPx));
  if (!reply || !(template instanceof HTMLTemplateElement)) return null;

  const overlay = document.createElement('div');
  overlay.id = PRERENDERED_DASHBOARD_ID;
  overlay.inert = true;
  overlay.setAttribute('aria-hidden', 'true');
  overlay.setAttribute(UNFILLED_ATTRIBUTE, '');
  overlay.append(template.content.cloneNode(true));
  const menu = menus[session.user.role] ?? [];
  for (const entry of overlay.querySelectorAll('[data-menu-entry]')) {
    if (!menu.includes(entry.getAttribute('data-menu-entry') ?? '')) entry.remove();
  }
  // The stored user is checked for its role only (session-storage.ts): without a name the line stays blank.
  const welcome = overlay.querySelector('[data-dashboard-welcome]');
  if (welcome && (session.user.firstName || session.user.name)) welcome.textContent = dashboardWelcome(session.user);
  else welcome?.setAttribute('data-prerender-blank', '');
  // The header shows the organization's own logo where it has one: the slot stays empty until React draws it.
  const tenant = session.user.organization ?? session.user.fuelStation;
  if (tenant?.imageUrl) overlay.querySelector('[data-prerender-tenant-logo]')?.setAttribute('data-prerender-blank', '');
  // Drawn once the frame's styles are there, not before as unstyled markup.
  overlay.style.visibility = 'hidden';
  document.body.append(overlay);
  void applyPreloadedStylesheets().then(() => overlay.style.removeProperty('visibility'));

  reply
    .then((response) => (response.ok ? (response.clone().json() as Promise<DashboardFigures>) : null))
    .then((overview) => {
      if (!overview) return;
      fillDashboardFigures(overlay, dashboardStats(overview));
      overlay.removeAttribute(UNFILLED_ATTRIBUTE);
    })
    // A failed or odd reply leaves the cards without figures; the app reports it (its own read of the reply).
    .catch(() => undefined);
  return overlay;
}
