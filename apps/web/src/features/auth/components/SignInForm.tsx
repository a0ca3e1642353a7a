import { useState } from 'react';
import { Anchor, Group, Stack } from '@mantine/core';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from 'react-router';
import { loginBodySchema } from '@fleetfuel/contract';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { PasswordField, SubmitButton, TextField } from '@/components/ui/FormFields';

export const SIGN_IN_REFUSED = 'Incorrect e-mail/phone or password';

function attemptKey(values: { username?: string; password?: string }): string {
  return `${values.username ?? ''}\u0000${values.password ?? ''}`;
}

export function SignInForm() {
  const { login } = useAuth();
  const navigate = useNavigate();
  const { control, handleSubmit, getValues } = useForm({
    resolver: zodResolver(loginBodySchema),
    mode: 'all',
    defaultValues: { username: '', password: '' },
  });
  // The refusal belongs to the credentials it was given: editing either field clears it.
  const [failure, setFailure] = useState<{ message: string; for: string } | null>(null);
  const values = useWatch({ control });
  const attempt = attemptKey(values);
  const refused = failure !== null && failure.for === attempt ? failure.message : null;

  const onSubmit = handleSubmit(async (credentials) => {
    setFailure(null);
    try {
      await login(credentials);
    } catch (cause) {
      // Spec section 4: a failed sign-in raises no toast; the form itself says what went wrong.
      const message = cause instanceof ApiError && cause.status === 401 ? SIGN_IN_REFUSED : errorMessage(cause);
      setFailure({ message, for: attemptKey(getValues()) });
      return;
    }
    await navigate('/', { replace: true });
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Sign in">
      <Stack gap="md">
        <TextField
          control={control}
          name="username"
          label="Email or Phone Number"
          placeholder="you@company.com or 0803 123 4567"
          autoComplete="username"
          withAsterisk
          outerError={refused !== null}
        />
        <PasswordField
          control={control}
          name="password"
          label="Password"
          placeholder="Your password"
          autoComplete="current-password"
          withAsterisk
          // The refusal is about both fields: both turn invalid, and the message sits under the last one.
          outerError={refused ?? undefined}
          errorProps={{ role: 'alert' }}
        />
        <Group justify="flex-end">
          <Anchor component={Link} to="/reset-password" size="sm">
            Forgot Password
          </Anchor>
        </Group>
        <SubmitButton control={control} fullWidth>
          Continue
        </SubmitButton>
      </Stack>
    </form>
  );
}
