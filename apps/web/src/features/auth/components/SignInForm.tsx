import { Anchor, Group, Stack } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from 'react-router';
import { loginBodySchema } from '@fleetfuel/contract';
import { useAuth } from '../../../lib/auth';
import { PasswordField, SubmitButton, TextField } from '../../../components/ui/form-fields';

export function SignInForm() {
  const { login } = useAuth();
  const navigate = useNavigate();
  const { control, handleSubmit } = useForm({
    resolver: zodResolver(loginBodySchema),
    mode: 'all',
    defaultValues: { username: '', password: '' },
  });

  const onSubmit = handleSubmit(async (credentials) => {
    try {
      await login(credentials);
    } catch {
      // Spec section 4: a failed sign-in shows no message; the person stays on this screen.
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
        />
        <PasswordField
          control={control}
          name="password"
          label="Password"
          placeholder="Your password"
          autoComplete="current-password"
          withAsterisk
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
