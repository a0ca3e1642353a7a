import { MESSAGES } from '@fleetfuel/contract';

/** The contract's `loginBodySchema` limits, checked by hand so that the sign-in page needs no zod. */
const USERNAME_MAX_LENGTH = 254;
const PASSWORD_MAX_LENGTH = 1024;

export interface SignInValues {
  username: string;
  password: string;
}

export interface SignInCheck {
  /** Each invalid field's message. */
  errors: Partial<Record<keyof SignInValues, string>>;
  /** What to send when both fields are valid (the user name trimmed), else null. */
  body: SignInValues | null;
}

/**
 * The same outcome as the contract's `loginBodySchema` (a test holds the two side by side): the user
 * name is trimmed; an empty or over-long field says MESSAGES.required, as the schema does for any
 * failure of either field. zod and the schema stay off the sign-in page (issue 16).
 */
export function checkSignIn(values: SignInValues): SignInCheck {
  const username = values.username.trim();
  const errors: SignInCheck['errors'] = {};
  if (username.length === 0 || username.length > USERNAME_MAX_LENGTH) errors.username = MESSAGES.required;
  if (values.password.length === 0 || values.password.length > PASSWORD_MAX_LENGTH) errors.password = MESSAGES.required;
  const valid = errors.username === undefined && errors.password === undefined;
  return { errors, body: valid ? { username, password: values.password } : null };
}
