/**
 * The browser's side of the build-time sign-in screen (sign-in-screen.tsx, build-plugins/prerender.ts).
 * index.html carries the screen's markup inside #root; React's first render replaces it. Two things
 * make that invisible to the visitor:
 *   - an inline script right after the markup (removal-script.ts) removes it before the first paint
 *     where the app will not show the sign-in screen (the path of another public screen), or puts
 *     the session loader in its place (a stored session);
 *   - what was typed into the markup's fields before React took over, and which field had the focus,
 *     move into the real form as it mounts (`takeTypedSignIn`, from a layout effect: the same task
 *     as React's commit, so no keystroke falls between the two).
 */

/** The element that wraps the prerendered screen inside #root. */
export const PRERENDERED_SIGN_IN_ID = 'prerendered-sign-in';

/**
 * Set on <html> by the head's script (removal-script.ts) where the app will not show the sign-in
 * form: `session` for a stored session (the session loader takes the form's place), `public` on
 * another public screen's path (nothing does).
 */
export const FIRST_SCREEN_ATTRIBUTE = 'data-first-screen';

/** The template of the session loader, drawn in the sign-in screen's place for a stored session. */
export const PRERENDERED_SESSION_LOADER_ID = 'prerendered-session-loader';

type SignInField = 'username' | 'password';

export interface TypedSignIn {
  username: string;
  password: string;
  /** The field that had the focus when React replaced the markup. */
  focused: SignInField | null;
}

let held: { username: HTMLInputElement | null; password: HTMLInputElement | null; focused: () => SignInField | null } | null = null;

const isSignInField = (name: string): name is SignInField => name === 'username' || name === 'password';

/**
 * Called once at start, before React renders: keeps the markup's inputs (they keep their values
 * once removed from the page) and follows which one has the focus from now on.
 */
export function holdPrerenderedSignIn(doc: Document = document): boolean {
  const screen = doc.getElementById(PRERENDERED_SIGN_IN_ID);
  if (!screen) return false;
  const fieldOf = (element: EventTarget | null): SignInField | null => {
    const name = element instanceof HTMLInputElement && screen.contains(element) ? element.name : '';
    return isSignInField(name) ? name : null;
  };
  // The app's code runs only once it has all downloaded: the visitor may be typing already.
  let focused = fieldOf(doc.activeElement);
  screen.addEventListener('focusin', (event) => {
    focused = fieldOf(event.target);
  });
  screen.addEventListener('focusout', () => {
    // Chrome fires focusout when React's first render removes the focused field, in the same task
    // that then mounts the form which asks for the focus; and when the visitor moves from one field
    // to the other, just before the focusin. Looked at once the task is over, the focus has left
    // the form only if the markup is still on the page and holds it no more.
    setTimeout(() => {
      if (screen.isConnected && !screen.contains(doc.activeElement)) focused = null;
    });
  });
  held = {
    username: screen.querySelector<HTMLInputElement>('input[name="username"]'),
    password: screen.querySelector<HTMLInputElement>('input[name="password"]'),
    focused: () => focused,
  };
  return true;
}

/** What was typed into the prerendered form, once; null when there was no such form. */
export function takeTypedSignIn(): TypedSignIn | null {
  if (!held) return null;
  const typed = { username: held.username?.value ?? '', password: held.password?.value ?? '', focused: held.focused() };
  held = null;
  return typed;
}
