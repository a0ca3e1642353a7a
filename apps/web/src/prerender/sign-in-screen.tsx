/**
 * The sign-in screen as HTML, rendered at build time (build-plugins/prerender.ts) into index.html,
 * so that a phone on a slow network draws the form as soon as the page and its stylesheet arrive,
 * not after React and the page's chunks have downloaded and run (issue 16: Lighthouse performance).
 * React does not hydrate this markup: its first render replaces it (main.tsx), and the form carries
 * over whatever was typed meanwhile (`prerendered-sign-in.ts`).
 *
 * The tree is the one the app renders for a signed-out visitor (the same providers, theme and page
 * component), under a memory router instead of the browser's.
 */
import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { cssVariablesResolver, theme } from '@/lib/theme';
import { SignInPage } from '@/app/pages/sign-in';
import { SessionLoader } from '@/components/ui/SessionLoader';
import { AuthProvider } from '@/lib/auth';
import { earlyCallsScript } from './early-calls-script';
import { PRERENDERED_SESSION_LOADER_ID, PRERENDERED_SIGN_IN_ID } from './prerendered-sign-in';
import { DASHBOARD_MODULES_ID, SIGNED_IN_MODULES_ID, modulePreloadsScript, preloadTemplate } from './module-preloads';
import { firstScreenScript, firstScreenStyle, removalScript } from './removal-script';

/**
 * The theme's CSS variables and Mantine's global classes as its provider writes them (`<style>`
 * elements): the build puts them into index.html's head once, and the app's provider does not
 * compute them again (AppProviders.tsx).
 */
export function renderThemeStyles(): string {
  return renderToString(<MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light" />);
}

/** Markup under the app's theme, without the theme's styles: index.html's head has them once. */
export function renderThemed(children: ReactNode): string {
  return renderToString(
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
      withCssVariables={false}
      withGlobalClasses={false}
    >
      {children}
    </MantineProvider>,
  );
}

function renderSignInScreen(): string {
  const screen = renderThemed(
    <AuthProvider>
      <MemoryRouter initialEntries={['/']}>
        <SignInPage />
      </MemoryRouter>
    </AuthProvider>,
  );
  return `<div id="${PRERENDERED_SIGN_IN_ID}">${screen}</div>`;
}

/**
 * The screen of a stored session being restored, as a template: inert until the inline script puts
 * it in the sign-in screen's place (removal-script.ts), so a signed-in visit shows FleetFuel at once.
 */
function renderSessionLoaderTemplate(): string {
  return `<template id="${PRERENDERED_SESSION_LOADER_ID}">${renderThemed(<SessionLoader />)}</template>`;
}

/** What the build puts into index.html's #root: the sign-in screen and the session loader's template. */
export function renderPrerenderedScreens(): string {
  return renderSignInScreen() + renderSessionLoaderTemplate();
}

/**
 * The start of index.html's head: the style and the script that decide, before any markup, whether
 * the sign-in form is shown (removal-script.ts), and the script that starts a stored session's
 * first calls there, not once the page's stylesheet has arrived (a script after a stylesheet waits
 * for it). Two statements, hence the `;`.
 * @public Read by build-plugins/prerender.ts through ssrLoadModule (its ScreenModule), which knip cannot follow.
 */
export function headMarkup(): string {
  return `<style>${firstScreenStyle()}</style><script>${firstScreenScript()};${earlyCallsScript()}</script>`;
}

/**
 * index.html's inline script, run right after the markup: it puts the session loader in the form's
 * place or removes the form, as the head decided, and preloads a stored session's code.
 * @public Read by build-plugins/prerender.ts through ssrLoadModule (its ScreenModule), which knip cannot follow.
 */
export function inlineScript(): string {
  return `${removalScript()};${modulePreloadsScript()}`;
}

/**
 * The templates of files a stored session preloads (module-preloads.ts), written by the build.
 * @public Read by build-plugins/prerender.ts through ssrLoadModule (its ScreenModule), which knip cannot follow.
 */
export function preloadTemplates(signedInFiles: readonly string[], dashboardFiles: readonly string[]): string {
  return preloadTemplate(SIGNED_IN_MODULES_ID, signedInFiles) + preloadTemplate(DASHBOARD_MODULES_ID, dashboardFiles);
}
