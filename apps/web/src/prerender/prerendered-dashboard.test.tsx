/**
 * The prerendered Dashboard (issue 16): the build's templates are the app's frame and cards for each
 * role and width; index.html's script draws one for a stored fleet manager at `/` and writes the
 * overview's figures into it as the app's Dashboard writes them, reading a copy of the reply; and
 * the overlay stays exactly while one of React's loaders is on screen.
 */
import { useState } from 'react';
import { MantineProvider } from '@mantine/core';
import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { menuFor, type Role } from '@fleetfuel/contract';
import { cssVariablesResolver, theme } from '@/lib/theme';
import { FullPageLoader } from '@/components/ui/FullPageLoader';
import { SessionLoader } from '@/components/ui/SessionLoader';
import { dashboardStats, type DashboardFigures } from '@/features/dashboard/dashboard-stats';
import { SESSION_STORAGE_KEY } from '@/lib/auth/session-storage';
import { EARLY_CALLS_GLOBAL } from '@/lib/early-replies';
import { formatStatNumber } from '@/lib/number-format';
import { dashboardFillOptions, renderDashboardTemplates } from './dashboard-screen';
import { dashboardTemplateId, PRERENDERED_DASHBOARD_ID, showPrerenderedDashboard, UNFILLED_ATTRIBUTE } from './dashboard-fill';
import { useReleasesUnheldPrerenderedDashboard } from './prerendered-dashboard';

const TEMPLATES = renderDashboardTemplates();
const OPTIONS = dashboardFillOptions();

const OVERVIEW: DashboardFigures = {
  counts: { vehicles: 20004, drivers: 1, maintenanceDue: 3 },
  notes: {
    vehicles: '12 vehicles with a driver',
    drivers: 'Active driver accounts',
    fuelConsumption: '',
    maintenanceDue: '1 approved job open',
  },
  fuelSummary: { totalCompleted: 1738.456 },
};

/** The page as index.html leaves it for a stored session: templates, the session and the early overview call. */
function loadPage(role: Role, reply: Promise<Response>, { path = '/', width = 1280 } = {}) {
  document.body.insertAdjacentHTML('beforeend', TEMPLATES);
  window.history.pushState({}, '', path);
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  window.localStorage.setItem(
    SESSION_STORAGE_KEY,
    JSON.stringify({ token: 't1', user: { id: 'u1', role, name: 'Tunde Bakare', firstName: 'Tunde', organization: null } }),
  );
  (window as unknown as Record<string, unknown>)[EARLY_CALLS_GLOBAL] = { token: 't1', replies: { [OPTIONS.overviewUrl]: reply } };
}

const overviewReply = () => Promise.resolve(new Response(JSON.stringify(OVERVIEW), { status: 200 }));
/**
 * Lets the microtasks React's commit queued run: the overlay's release is looked at in one, queued
 * during the commit (prerendered-dashboard.ts), so it has run once this resolves.
 */
const afterCommit = () => act(() => Promise.resolve());

function templateOf(narrow: boolean): HTMLTemplateElement {
  const holder = document.createElement('div');
  holder.innerHTML = TEMPLATES;
  const template = holder.querySelector(`#${dashboardTemplateId(narrow)}`);
  if (!(template instanceof HTMLTemplateElement)) throw new Error(`no template for narrow: ${narrow}`);
  return template;
}

/** The labels of a menu's entries, in order. */
const menuOf = (root: ParentNode | null | undefined) =>
  [...(root?.querySelector('nav[aria-label="Main menu"]')?.querySelectorAll('a[aria-label]') ?? [])].map((link) =>
    link.getAttribute('aria-label'),
  );

afterEach(() => {
  document.body.innerHTML = '';
  window.localStorage.clear();
  delete (window as unknown as Record<string, unknown>)[EARLY_CALLS_GLOBAL];
  window.history.pushState({}, '', '/');
});

describe('the build-time templates', () => {
  it.each([false, true])('hold the frame with the widest menu (narrow: %s) and the four cards with their titles', (narrow) => {
    const content = templateOf(narrow).content;
    expect(menuOf(content)).toEqual(menuFor('ADMINISTRATOR').map((entry) => entry.label));
    expect(content.querySelector('nav[aria-label="Main menu"]')?.getAttribute('data-collapsed')).toBe(String(narrow));
    const cards = [...content.querySelectorAll('[data-stat]')];
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual(dashboardStats(OVERVIEW).map((stat) => stat.title));
    for (const card of cards) expect(card.querySelector('[data-stat-number]')?.firstChild?.nodeType).toBe(Node.TEXT_NODE);
    expect(content.querySelector('[data-dashboard-welcome]')).not.toBeNull();
  });
});

describe("index.html's Dashboard script", () => {
  it.each(['ADMINISTRATOR', 'ASST_ADMINISTRATOR'] as const)("draws %s's own menu", (role) => {
    loadPage(role, new Promise(() => undefined));
    expect(menuOf(showPrerenderedDashboard(OPTIONS))).toEqual(menuFor(role).map((entry) => entry.label));
  });

  it("draws the role's template over the page, inert and hidden from assistive technology, with the stored person's welcome", () => {
    loadPage('ASST_ADMINISTRATOR', new Promise(() => undefined), { width: 412 });
    const overlay = showPrerenderedDashboard(OPTIONS);
    expect(overlay?.id).toBe(PRERENDERED_DASHBOARD_ID);
    expect(overlay?.parentElement).toBe(document.body);
    expect(overlay?.inert).toBe(true);
    expect(overlay?.getAttribute('aria-hidden')).toBe('true');
    expect(overlay?.querySelector('nav[aria-label="Main menu"]')?.getAttribute('data-collapsed')).toBe('true');
    expect(overlay?.querySelector('[data-dashboard-welcome]')?.textContent).toBe('Welcome, Tunde.');
    // Until the overview arrives the figures are blank, not zero.
    expect(overlay?.hasAttribute(UNFILLED_ATTRIBUTE)).toBe(true);
  });

  it('writes the figures as the Dashboard does, and leaves the reply for the app to read', async () => {
    const reply = overviewReply();
    loadPage('ADMINISTRATOR', reply);
    const overlay = showPrerenderedDashboard(OPTIONS);
    await vi.waitFor(() => expect(overlay?.hasAttribute(UNFILLED_ATTRIBUTE)).toBe(false));
    for (const stat of dashboardStats(OVERVIEW)) {
      const card = overlay?.querySelector(`[data-stat="${stat.key}"]`);
      expect(card?.querySelector('[data-stat-number]')?.firstChild?.nodeValue).toBe(formatStatNumber(stat.number));
      expect(card?.querySelector('[data-stat-unit]')?.textContent).toBe(stat.unit);
      // A card without a note has none, as React's card.
      expect(card?.querySelector('[data-stat-note]')?.textContent ?? '').toBe(stat.note);
    }
    expect(overlay?.querySelector('[data-stat="vehicles"] [data-stat-number]')?.textContent).toBe('20,004vehicles');
    expect(await (await reply).json()).toEqual(OVERVIEW);
  });

  it('keeps the welcome blank for a stored user without a name', () => {
    loadPage('ADMINISTRATOR', new Promise(() => undefined));
    window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ token: 't1', user: { id: 'u1', role: 'ADMINISTRATOR' } }));
    const welcome = showPrerenderedDashboard(OPTIONS)?.querySelector('[data-dashboard-welcome]');
    expect(welcome?.hasAttribute('data-prerender-blank')).toBe(true);
    expect(welcome?.textContent).not.toContain('undefined');
  });

  it('leaves the cards blank when the overview is refused', async () => {
    const refusal = new Response('{"error":"x"}', { status: 401 });
    const looked = vi.spyOn(refusal, 'ok', 'get');
    loadPage('ADMINISTRATOR', Promise.resolve(refusal));
    const overlay = showPrerenderedDashboard(OPTIONS);
    // The script has read the refusal: waitFor looks again on a later task, after the callbacks that follow.
    await vi.waitFor(() => expect(looked).toHaveBeenCalled());
    expect(overlay?.hasAttribute(UNFILLED_ATTRIBUTE)).toBe(true);
  });

  it.each([
    ['a driver, whose Dashboard differs', 'DRIVER', '/'],
    ['another page', 'ADMINISTRATOR', '/wallet'],
  ] as const)('draws nothing for %s', (_case, role, path) => {
    loadPage(role, overviewReply(), { path });
    expect(showPrerenderedDashboard(OPTIONS)).toBeNull();
    expect(document.getElementById(PRERENDERED_DASHBOARD_ID)).toBeNull();
  });

  it('draws nothing without a stored session', () => {
    loadPage('ADMINISTRATOR', overviewReply());
    window.localStorage.clear();
    expect(showPrerenderedDashboard(OPTIONS)).toBeNull();
  });
});

type Screen = 'session' | 'page-loader' | 'dashboard' | 'sign-in';

/** The app's root as far as the hand-off goes: its first-commit check above whatever screen is shown. */
let show: (screen: Screen) => void = () => undefined;
function AppRoot({ first }: { first: Screen }) {
  useReleasesUnheldPrerenderedDashboard();
  const [screen, setScreen] = useState<Screen>(first);
  show = setScreen;
  if (screen === 'session') return <SessionLoader />;
  if (screen === 'page-loader') return <FullPageLoader />;
  return <main>{screen}</main>;
}

function renderApp(first: Screen) {
  const overlay = document.createElement('div');
  overlay.id = PRERENDERED_DASHBOARD_ID;
  document.body.append(overlay);
  render(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <AppRoot first={first} />
    </MantineProvider>,
  );
  return overlay;
}

describe('the hand-off to React', () => {
  it('keeps the overlay through the loaders and removes it with the first screen that is not one', async () => {
    const overlay = renderApp('session');
    await afterCommit();
    expect(overlay.isConnected).toBe(true);
    act(() => show('page-loader'));
    await afterCommit();
    expect(overlay.isConnected).toBe(true);
    act(() => show('dashboard'));
    await afterCommit();
    expect(overlay.isConnected).toBe(false);
  });

  it("removes it at the app's first commit when that shows no loader (a refused session's sign-in screen)", async () => {
    const overlay = renderApp('sign-in');
    await afterCommit();
    expect(overlay.isConnected).toBe(false);
  });
});
