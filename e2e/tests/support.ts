import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { Role } from '@fleetfuel/contract';

export const DEMO_PASSWORD = 'Demo-Pass-2026';

export const DEMO_USERS: Record<Role, string> = {
  ADMIN: 'admin@fleetfuel.test',
  ADMINISTRATOR: 'orgadmin@acme.test',
  ASST_ADMINISTRATOR: 'asst@acme.test',
  DRIVER: 'driver@acme.test',
  STATION_REP: 'rep@unityfuels.test',
  ATTENDANT: 'attendant@unityfuels.test',
};

export const SESSION_KEY = 'fleetfuel.session';

/** Today in Lagos, as YYYY-MM-DD: the supply date a request made now may carry. */
export function lagosToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(),
  );
}

/** A demo account's bearer token, signed in through the API (for a test's set-up, not its journey). */
export async function apiToken(request: APIRequestContext, username: string): Promise<string> {
  const reply = await request.post('/api/auth/login', { data: { username, password: DEMO_PASSWORD } });
  expect(reply.ok()).toBe(true);
  return (await reply.json()).token as string;
}

/** The headers of API calls made as a demo account. */
export async function apiHeaders(request: APIRequestContext, username: string): Promise<{ Authorization: string }> {
  return { Authorization: `Bearer ${await apiToken(request, username)}` };
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export async function fillSignIn(page: Page, username: string, password: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Email or Phone Number' }).fill(username);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
}

/** Signs in through the sign-in screen and waits for the signed-in shell. */
export async function signIn(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await fillSignIn(page, username, password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
}

/**
 * Holds the app's code (the React chunk every page imports) until the returned function is called,
 * to look at what index.html alone draws, as a slow phone shows it meanwhile. A test doing so blocks
 * the service worker, which would answer the held request from its cache.
 */
export async function holdAppCode(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/react-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/**
 * Records, from now on, each call the page makes to the API that is not a GET: a submit pressed
 * before its form is filled in (issue 46) must add none.
 */
export function recordWrites(page: Page): string[] {
  const writes: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (request.method() !== 'GET' && pathname.startsWith('/api/')) writes.push(`${request.method()} ${pathname}`);
  });
  return writes;
}

export function mainMenu(page: Page) {
  return page.getByRole('navigation', { name: 'Main menu' });
}

export async function menuLabels(page: Page): Promise<string[]> {
  const links = mainMenu(page).getByRole('link');
  return links.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('aria-label') ?? ''));
}

interface OutboxMail {
  to: string | string[];
  subject: string;
  text: string;
  createdAt: string;
}

function outboxDir(): string {
  const dataDir = readFileSync(path.join(repoRoot, '.test-output', 'e2e-data-dir.txt'), 'utf8').trim();
  return path.join(dataDir, 'outbox');
}

function addressedTo(mail: OutboxMail, address: string): boolean {
  const recipients = Array.isArray(mail.to) ? mail.to : [mail.to];
  return recipients.some((to) => to.toLowerCase().includes(address.toLowerCase()));
}

/** The newest e-mail to `address` written after `since`, waiting for it to arrive. */
export async function newestMailTo(address: string, since: number): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(
      () => {
        let files: string[];
        try {
          files = readdirSync(outboxDir()).filter((name) => name.endsWith('.json'));
        } catch {
          // The outbox folder appears with the first e-mail.
          return false;
        }
        const mails = files
          .map((name) => path.join(outboxDir(), name))
          .filter((file) => statSync(file).mtimeMs >= since - 1000)
          .map((file) => JSON.parse(readFileSync(file, 'utf8')) as OutboxMail)
          .filter((mail) => addressedTo(mail, address))
          .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
        found = mails[0];
        return found !== undefined;
      },
      { message: `an e-mail to ${address}`, timeout: 10_000 },
    )
    .toBe(true);
  if (!found) throw new Error(`No e-mail to ${address}`);
  return found;
}

/** Whether two boxes on the page share any pixel. */
export async function overlaps(a: Locator, b: Locator): Promise<boolean> {
  const [boxA, boxB] = await Promise.all([a.boundingBox(), b.boundingBox()]);
  if (!boxA || !boxB) throw new Error('Both elements must be on screen');
  return boxA.x < boxB.x + boxB.width && boxB.x < boxA.x + boxA.width && boxA.y < boxB.y + boxB.height && boxB.y < boxA.y + boxA.height;
}

/**
 * Searches a list and opens the one record it finds through its Manage link. The search applies
 * after a pause and its rows replace the list's, so the link is clicked only once the list shows
 * the one result (a click on a row being replaced is lost), and the details page must open.
 */
export async function searchAndManage(page: Page, searchBox: string, name: string): Promise<void> {
  await page.getByRole('textbox', { name: searchBox }).fill(name);
  await expect(page.getByText(/^1–1 of 1$/)).toBeVisible();
  await page.getByRole('link', { name: `Manage ${name}` }).click();
  await expect(page).toHaveURL(/\/details\?id=/);
}
