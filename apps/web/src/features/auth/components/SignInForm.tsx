import { useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { takeTypedSignIn } from '@/prerender/prerendered-sign-in';
import { checkSignIn, type SignInValues } from '../sign-in-checks';

const SIGN_IN_REFUSED = 'Incorrect e-mail/phone or password';

function attemptKey(values: SignInValues): string {
  return `${values.username}\u0000${values.password}`;
}

const noChanges = () => () => undefined;

/** False in the HTML rendered at build time (src/prerender), where no script runs the form; true in the browser. */
function useFormRuns(): boolean {
  return useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
}

/**
 * Two fields kept in plain state rather than react-hook-form (and the bound FormFields), which the
 * sign-in page would download for this form alone (issue 16). The rules are those of FormFields
 * (spec section 5): a field's error shows once it was left (or a sign-in was tried), the password
 * has a show/hide toggle, and Continue stays enabled: pressed too early, it shows the fields' errors
 * and moves the focus to the first invalid field (issue 46).
 */
export function SignInForm() {
  const { login } = useAuth();
  const navigate = useNavigate();
  const [values, setValues] = useState<SignInValues>({ username: '', password: '' });
  const [left, setLeft] = useState<Record<keyof SignInValues, boolean>>({ username: false, password: false });
  const [tried, setTried] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  // The refusal belongs to the credentials it was given: editing either field clears it.
  const [failure, setFailure] = useState<{ message: string; for: string } | null>(null);
  const refused = failure !== null && failure.for === attemptKey(values) ? failure.message : null;
  const { errors, body } = checkSignIn(values);
  const formRef = useRef<HTMLFormElement>(null);
  const runs = useFormRuns();

  // This form replaces the prerendered one of index.html (src/prerender) in the same task: what was
  // typed there, and the field being typed in, carry over before the browser paints.
  useLayoutEffect(() => {
    const typed = takeTypedSignIn();
    if (!typed) return;
    if (typed.username !== '' || typed.password !== '') {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- the typed text is read from the DOM at commit, before paint; a render could miss keys typed since it
      setValues({ username: typed.username, password: typed.password });
    }
    if (typed.focused) formRef.current?.querySelector<HTMLInputElement>(`input[name="${typed.focused}"]`)?.focus();
  }, []);
  const shownError = (field: keyof SignInValues) => (left[field] || tried ? errors[field] : undefined);

  const bind = (field: keyof SignInValues) => ({
    name: field,
    value: values[field],
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [field]: value }));
    },
    onBlur: () => setLeft((current) => ({ ...current, [field]: true })),
  });

  const onSubmit = async () => {
    setTried(true);
    if (body === null) {
      const invalid = (['username', 'password'] as const).find((field) => errors[field] !== undefined);
      if (invalid) formRef.current?.querySelector<HTMLInputElement>(`input[name="${invalid}"]`)?.focus();
      return;
    }
    if (submitting) return;
    const attempt = attemptKey(values);
    setFailure(null);
    setSubmitting(true);
    try {
      await login(body);
    } catch (cause) {
      // Spec section 4: a failed sign-in raises no toast; the form itself says what went wrong.
      const message = cause instanceof ApiError && cause.status === 401 ? SIGN_IN_REFUSED : errorMessage(cause);
      setFailure({ message, for: attempt });
      setSubmitting(false);
      return;
    }
    await navigate('/', { replace: true });
  };

  const passwordError = shownError('password') ?? refused ?? undefined;
  return (
    <form
      ref={formRef}
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
      noValidate
      aria-label="Sign in"
    >
      <Stack gap="md">
        <TextInput
          {...bind('username')}
          label="Email or Phone Number"
          placeholder="you@company.com or 0803 123 4567"
          autoComplete="username"
          withAsterisk
          error={shownError('username') ?? refused !== null}
        />
        <PasswordInput
          {...bind('password')}
          label="Password"
          placeholder="Your password"
          autoComplete="current-password"
          withAsterisk
          // The refusal is about both fields: both turn invalid, and the message sits under the last one.
          error={passwordError}
          errorProps={{ role: 'alert' }}
          // PasswordInput marks its inner input only with data-invalid; assistive technology reads aria-invalid.
          aria-invalid={passwordError ? true : undefined}
          visibilityToggleButtonProps={{ 'aria-label': 'Show or hide password' }}
        />
        <Group justify="flex-end">
          <Anchor component={Link} to="/reset-password" size="sm">
            Forgot Password
          </Anchor>
        </Group>
        {/* Disabled only in the prerendered HTML: there, Enter would send the form (password included) as a GET to the page's address. */}
        <Button type="submit" fullWidth disabled={!runs} loading={submitting}>
          Continue
        </Button>
      </Stack>
    </form>
  );
}
