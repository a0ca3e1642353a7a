import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USERS, SESSION_KEY, fillSignIn, holdAppCode, mainMenu, signIn } from './support.js';

test('a wrong password keeps the person on the sign-in screen', async ({ page }) => {
  await page.goto('/login');
  await fillSignIn(page, DEMO_USERS.ADMINISTRATOR, 'Not-The-Password-1');

  const reply = page.waitForResponse((response) => response.url().endsWith('/api/auth/login'));
  await page.getByRole('button', { name: 'Continue' }).click();
  expect((await reply).status()).toBe(401);

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0);
  expect(await page.evaluate((key) => window.localStorage.getItem(key), SESSION_KEY)).toBeNull();

  // No toast (spec section 4), but the form says why, under the fields, and marks them invalid.
  const form = page.getByRole('form', { name: 'Sign in' });
  await expect(form.getByRole('alert')).toHaveText('Incorrect e-mail/phone or password');
  await expect(page.locator('.Toastify__toast')).toHaveCount(0);
  const username = page.getByRole('textbox', { name: 'Email or Phone Number' });
  const password = page.getByRole('textbox', { name: 'Password', exact: true });
  await expect(username).toHaveAttribute('aria-invalid', 'true');
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(password).toHaveAccessibleDescription('Incorrect e-mail/phone or password');
  await page.screenshot({ path: '/tmp/sign-in-refused.png' });

  // Changing what was refused clears the message.
  await password.fill('Another-Try-2');
  await expect(form.getByRole('alert')).toHaveCount(0);
  await expect(password).not.toHaveAttribute('aria-invalid', 'true');
});

test('the sign-in screen has a main landmark', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('main')).toContainText('Sign in');
});

test('Continue pressed too early sends nothing: each missing field says so and takes the focus', async ({ page }) => {
  const logins: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/auth/login')) logins.push(request.url());
  });
  await page.goto('/');
  const button = page.getByRole('button', { name: 'Continue' });
  const username = page.getByRole('textbox', { name: 'Email or Phone Number' });
  const password = page.getByRole('textbox', { name: 'Password', exact: true });
  const required = page.getByRole('form', { name: 'Sign in' }).getByText('This field is required');
  // The prerendered form's Continue is enabled once the app runs, which it does at the first sign of intent.
  await page.mouse.move(10, 10);
  await expect(button).toBeEnabled();
  await button.click();
  await expect(required).toHaveCount(2);
  await expect(username).toHaveAttribute('aria-invalid', 'true');
  await expect(username).toBeFocused();

  await username.fill(DEMO_USERS.ADMIN);
  await button.click();
  await expect(required).toHaveCount(1);
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(password).toBeFocused();
  expect(logins).toEqual([]);

  await password.fill('x');
  await expect(required).toHaveCount(0);
});

test('a signed-out visit to a signed-in page shows the sign-in screen without downloading that page', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();
  await page.goto('/wallet');
  await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();
  // index.html's form: no app code runs until the visitor uses the page (src/prerender/start-on-intent.ts).
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((path) => /\/assets\/(start|react|sign-in)-/.test(path))).toEqual([]);
  // The first click into a field starts the app, which loads the sign-in page's chunk and no other page's.
  await page.getByRole('textbox', { name: 'Email or Phone Number' }).click();
  await expect.poll(() => scripts.some((path) => path.includes('/assets/sign-in-'))).toBe(true);
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((path) => /\/assets\/(dashboard|wallet)-/.test(path))).toEqual([]);

  // Signed in (which lands on the role's home), the same pages load.
  await fillSignIn(page, DEMO_USERS.ADMINISTRATOR, DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Wallet' }).click();
  await expect(page.getByRole('heading', { name: 'Wallet', level: 1 })).toBeVisible();
  expect(scripts.some((path) => path.includes('/assets/dashboard-'))).toBe(true);
  expect(scripts.some((path) => path.includes('/assets/wallet-'))).toBe(true);
});

/**
 * index.html carries the sign-in screen as HTML (apps/web/src/prerender), drawn before the app's
 * code has run. These journeys hold that code (the React chunk every page imports) to look at the
 * page as a slow phone shows it meanwhile. The service worker is kept out: it would answer the
 * held request from its cache.
 */
test.describe('before the app has started', () => {
  test.use({ serviceWorkers: 'block' });

  /** The page is parsed (its inline script has run); the app's code is held (or not yet asked for). */
  async function parsedWithoutApp(page: Page): Promise<void> {
    await page.waitForFunction(() => document.readyState !== 'loading');
  }

  test('the sign-in form is there at once, and what is typed into it carries into the app', async ({ page }) => {
    const release = await holdAppCode(page);
    await page.goto('/', { waitUntil: 'commit' });
    await parsedWithoutApp(page);
    const username = page.getByRole('textbox', { name: 'Email or Phone Number' });
    const password = page.getByRole('textbox', { name: 'Password', exact: true });
    await username.fill(DEMO_USERS.ADMINISTRATOR);
    await password.fill(DEMO_PASSWORD);
    // The HTML form alone: nothing runs it, so its Continue stays disabled and cannot send it.
    const continueButton = page.getByRole('button', { name: 'Continue' });
    await expect(continueButton).toBeDisabled();
    await page.screenshot({ path: '/tmp/sign-in-before-app.png' });

    release();
    // The app's form took over with both values (its Continue is enabled) and the focus.
    await expect(continueButton).toBeEnabled();
    await expect(username).toHaveValue(DEMO_USERS.ADMINISTRATOR);
    await expect(password).toHaveValue(DEMO_PASSWORD);
    await expect(password).toBeFocused();
    await continueButton.click();
    await expect(mainMenu(page)).toBeVisible();
  });

  test('a signed-in visitor, or one on another public screen, never sees that form', async ({ page }) => {
    await signIn(page, DEMO_USERS.ADMINISTRATOR);
    let release = await holdAppCode(page);
    await page.reload({ waitUntil: 'commit' });
    await parsedWithoutApp(page);
    await expect(page.getByRole('button', { name: 'Continue' })).toHaveCount(0);
    release();
    await expect(mainMenu(page)).toBeVisible();

    await page.evaluate((key) => window.localStorage.removeItem(key), SESSION_KEY);
    await page.unrouteAll();
    release = await holdAppCode(page);
    await page.goto('/reset-password?token=abc', { waitUntil: 'commit' });
    await parsedWithoutApp(page);
    await expect(page.getByRole('button', { name: 'Continue' })).toHaveCount(0);
    release();
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Sign in');
  });
});
