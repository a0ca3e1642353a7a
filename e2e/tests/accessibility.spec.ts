import { createRequire } from 'node:module';
import { expect, test, type Page } from '@playwright/test';
import { menuFor, type Role, type SessionUser } from '@fleetfuel/contract';
import { DEMO_USERS, SESSION_KEY, mainMenu, signIn } from './support.js';

const require = createRequire(import.meta.url);
const AXE_PATH = require.resolve('axe-core/axe.min.js');

/** Impacts that fail the journey; minor and moderate findings are printed but tolerated. */
const BLOCKING = new Set(['serious', 'critical']);

interface Finding {
  page: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

interface AxeNode {
  target: unknown[];
  failureSummary?: string;
}
interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: AxeNode[];
}

/** Runs axe-core on the page as it stands and returns its serious and critical violations. */
async function audit(page: Page, label: string): Promise<Finding[]> {
  // Let lazy areas, queries and entry animations settle before the audit reads colours.
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('progressbar', { name: 'Loading page' })).toHaveCount(0);
  // Entry animations and transitions have ended (endless ones, a spinner's, never do: not waited for).
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          document
            .getAnimations()
            .filter((animation) => animation.playState === 'running' && animation.effect?.getTiming().iterations !== Infinity).length,
      ),
    )
    .toBe(0);
  await page.addScriptTag({ path: AXE_PATH });
  const violations = (await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: unknown[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations;
  })) as AxeViolation[];
  return violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .map((violation) => ({
      page: label,
      rule: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      targets: violation.nodes.map(
        (node) => `${node.target.join(' ')}${node.failureSummary ? ` — ${node.failureSummary.replace(/\s+/g, ' ')}` : ''}`,
      ),
    }));
}

function report(findings: Finding[]): string {
  return findings
    .map((finding) => `[${finding.impact}] ${finding.rule} on ${finding.page}: ${finding.help}\n    ${finding.targets.join('\n    ')}`)
    .join('\n');
}

async function sessionUser(page: Page): Promise<SessionUser> {
  const raw = await page.evaluate((key) => window.localStorage.getItem(key), SESSION_KEY);
  const session = JSON.parse(raw ?? '{}') as { user: SessionUser };
  return session.user;
}

/** The first details link a list page offers, e.g. `/assets/details?id=…`. */
async function firstDetailsLink(page: Page, listPath: string, prefix: string): Promise<string> {
  await page.goto(listPath);
  const link = page.locator(`a[href^="${prefix}"]`).first();
  await expect(link).toBeVisible();
  const href = await link.getAttribute('href');
  if (!href) throw new Error(`No details link on ${listPath}`);
  return href;
}

async function detailsPages(page: Page, role: Role): Promise<string[]> {
  switch (role) {
    case 'ADMIN':
      return [
        await firstDetailsLink(page, '/clients', '/clients/details?'),
        await firstDetailsLink(page, '/fuel-stations', '/fuel-stations/details?'),
        await firstDetailsLink(page, '/assets', '/assets/details?'),
      ];
    case 'ADMINISTRATOR':
    case 'ASST_ADMINISTRATOR':
      return [await firstDetailsLink(page, '/assets', '/assets/details?')];
    case 'DRIVER': {
      const user = await sessionUser(page);
      return user.vehicle ? [`/assets/details?id=${user.vehicle.id}`] : [];
    }
    default:
      return [];
  }
}

test.describe('every screen passes axe-core without serious or critical violations', () => {
  // The app's CSP forbids inline scripts; the audit injects axe-core as one, so only this spec bypasses it.
  test.use({ bypassCSP: true });

  test('signed out: sign-in and forgot-password', async ({ page }) => {
    const findings: Finding[] = [];
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();
    findings.push(...(await audit(page, '/login')));
    await page.goto('/reset-password');
    await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();
    findings.push(...(await audit(page, '/reset-password')));
    expect(findings, report(findings)).toEqual([]);
  });

  for (const role of Object.keys(DEMO_USERS) as Role[]) {
    test(`${role}: every menu page and a details page`, async ({ page }) => {
      test.setTimeout(120_000);
      await signIn(page, DEMO_USERS[role]);
      const paths = menuFor(role).map((entry) => entry.path);
      const extra = await detailsPages(page, role);
      const findings: Finding[] = [];
      for (const path of [...paths, ...extra]) {
        await page.goto(path);
        await expect(mainMenu(page)).toBeVisible();
        findings.push(...(await audit(page, `${role} ${path}`)));
      }
      console.log(`${role}: ${paths.length + extra.length} pages audited, ${findings.length} serious/critical rule failures`);
      expect(findings, report(findings)).toEqual([]);
    });
  }
});
