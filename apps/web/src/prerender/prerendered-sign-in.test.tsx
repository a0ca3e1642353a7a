/**
 * The build-time sign-in screen (issue 16): its markup is the app's form, it is removed before the
 * first paint wherever the app shows something else, and what a visitor types into it before React
 * starts carries over into React's form.
 */
import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { cssVariablesResolver, theme } from '@/lib/theme';
import { SignInForm } from '@/features/auth/components/SignInForm';
import { AuthProvider } from '@/lib/auth';
import { SESSION_STORAGE_KEY } from '@/lib/auth/session-storage';
import { FIRST_SCREEN_ATTRIBUTE, holdPrerenderedSignIn, PRERENDERED_SIGN_IN_ID, takeTypedSignIn } from './prerendered-sign-in';
import { runInlineScript } from '@/test/inline-script';
import { firstScreenScript, firstScreenStyle, removalScript } from './removal-script';
import { renderPrerenderedScreens, renderThemeStyles } from './sign-in-screen';

// Rendered once, as the build does: rendering reads (and tidies) the stored session, which the
// tests below set on purpose.
const SCREEN = renderPrerenderedScreens();

/** index.html's #root as the build leaves it, with its head's and its own inline script run as the parser would. */
function loadIndexHtml(): HTMLElement {
  document.documentElement.removeAttribute(FIRST_SCREEN_ATTRIBUTE);
  runInlineScript(firstScreenScript());
  const root = document.createElement('div');
  root.id = 'root';
  root.innerHTML = SCREEN;
  document.body.append(root);
  runInlineScript(removalScript());
  return root;
}

afterEach(() => {
  document.getElementById('root')?.remove();
  window.history.pushState({}, '', '/');
  takeTypedSignIn();
});

describe('the prerendered sign-in screen', () => {
  it('is the sign-in form, with nothing a browser could submit before the app runs', () => {
    const root = loadIndexHtml();
    const form = root.querySelector('form');
    expect(form?.getAttribute('aria-label')).toBe('Sign in');
    expect(root.querySelector('h1')?.textContent).toBe('Sign in');
    // The carry-over finds the fields by these names.
    expect(root.querySelector('input[name="username"]')).not.toBeNull();
    expect(root.querySelector('input[name="password"]')?.getAttribute('type')).toBe('password');
    // The only submit button is disabled: pressing Enter in a field does not send the form (with the
    // password) as a GET to the page's address.
    const submit = root.querySelector<HTMLButtonElement>('button[type="submit"]');
    expect(submit?.textContent).toContain('Continue');
    expect(submit?.disabled).toBe(true);
  });

  it('stays for a signed-out visitor, gives way to the session loader for a stored session, and to nothing on another public screen', () => {
    /** What the page shows in #root: the template of the session loader is inert, not shown. */
    const shown = (root: HTMLElement) => [...root.children].filter((child) => child.tagName !== 'TEMPLATE');
    const signedOut = loadIndexHtml();
    expect(signedOut.querySelector(`#${PRERENDERED_SIGN_IN_ID}`)).not.toBeNull();
    expect(shown(signedOut)).toHaveLength(1);
    document.getElementById('root')?.remove();

    window.localStorage.setItem(SESSION_STORAGE_KEY, '{"token":"t"}');
    const restoring = loadIndexHtml();
    expect(restoring.querySelector(`#${PRERENDERED_SIGN_IN_ID}`)).toBeNull();
    // The app's own session loader, as AuthGate draws it: the product's name over a spinner.
    expect(within(restoring).getByRole('status', { name: 'Loading your session' })).toBeDefined();
    expect(within(restoring).getByRole('img', { name: 'FleetFuel' })).toBeDefined();
    document.getElementById('root')?.remove();
    window.localStorage.clear();

    for (const path of ['/reset-password', '/reset-password/', '/reset-password?token=abc']) {
      window.history.pushState({}, '', path);
      expect(shown(loadIndexHtml()), path).toHaveLength(0);
      document.getElementById('root')?.remove();
    }
    // A path that merely starts with the same letters is still a sign-in path.
    window.history.pushState({}, '', '/reset-passwords');
    expect(loadIndexHtml().querySelector(`#${PRERENDERED_SIGN_IN_ID}`)).not.toBeNull();
  });

  it('is never laid out where it will be replaced: the head marks the page before its markup is parsed', () => {
    const style = document.createElement('style');
    style.textContent = firstScreenStyle();
    document.head.append(style);
    window.localStorage.setItem(SESSION_STORAGE_KEY, '{"token":"t"}');
    runInlineScript(firstScreenScript());
    const root = document.createElement('div');
    root.id = 'root';
    root.innerHTML = SCREEN;
    document.body.append(root);
    // As the page is between the form's markup and the script after it, where the parser may pause and the browser paint.
    const form = document.getElementById(PRERENDERED_SIGN_IN_ID);
    expect(document.documentElement.getAttribute(FIRST_SCREEN_ATTRIBUTE)).toBe('session');
    expect(form && window.getComputedStyle(form).display).toBe('none');
    window.localStorage.clear();
    document.documentElement.removeAttribute(FIRST_SCREEN_ATTRIBUTE);
    style.remove();
  });

  it('hands what was typed, and the field typed in, to the form that replaces it', () => {
    const root = loadIndexHtml();
    root.querySelector<HTMLInputElement>('input[name="username"]')!.value = 'orgadmin@acme.test';
    const password = root.querySelector<HTMLInputElement>('input[name="password"]')!;
    // The visitor is in the password field by the time the app's code has downloaded and runs.
    password.focus();
    expect(holdPrerenderedSignIn()).toBe(true);
    password.value = 'Demo-Pass';
    // React's first render replaces the markup.
    root.replaceChildren();

    render(
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <AuthProvider>
          <MemoryRouter>
            <SignInForm />
          </MemoryRouter>
        </AuthProvider>
      </MantineProvider>,
    );
    expect(screen.getByRole('textbox', { name: 'Email or Phone Number' })).toHaveProperty('value', 'orgadmin@acme.test');
    const passwordField = screen.getByLabelText(/^Password/, { selector: 'input' });
    expect(passwordField).toHaveProperty('value', 'Demo-Pass');
    expect(document.activeElement).toBe(passwordField);
    expect(screen.getByRole('button', { name: 'Continue' })).toHaveProperty('disabled', false);
    // Once only: a later sign-in screen (after a sign-out) starts empty.
    expect(takeTypedSignIn()).toBeNull();
  });

  it('hands nothing over when the page had no prerendered screen', () => {
    expect(holdPrerenderedSignIn()).toBe(false);
    expect(takeTypedSignIn()).toBeNull();
  });
});

describe("the theme's styles in index.html's head", () => {
  it("are the theme's own variables and Mantine's global classes, and the screens carry neither", () => {
    const styles = renderThemeStyles();
    const sheet = document.createElement('div');
    sheet.innerHTML = styles;
    expect([...sheet.children].map((element) => element.tagName)).toEqual(['STYLE', 'STYLE']);
    // The resolver's AA text colours and the brand as primary colour, not Mantine's defaults.
    expect(styles).toContain('--mantine-color-dimmed: #656b71');
    expect(styles).toContain('--mantine-primary-color-filled: var(--mantine-color-teal-filled)');
    expect(styles).toContain('.mantine-hidden-from-xl');
    // The prerendered markup does not declare them again (it only uses them).
    expect(SCREEN).not.toContain('--mantine-color-dimmed:');
    expect(SCREEN).not.toContain('data-mantine-styles="true"');
  });
});
