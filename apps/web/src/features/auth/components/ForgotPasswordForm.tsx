import { Stack } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@/lib/toast';
import { passwordResetRequestBodySchema } from '@fleetfuel/contract';
import { TextField } from '@/components/ui/FormFields';
import { useRequestPasswordReset } from '../api';
import { AuthFormFooter } from './AuthFormFooter';

export function ForgotPasswordForm() {
  const requestReset = useRequestPasswordReset();
  const { control, handleSubmit } = useForm({
    resolver: zodResolver(passwordResetRequestBodySchema),
    mode: 'all',
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async (body) => {
    const reply = await requestReset.mutateAsync(body).catch(() => null);
    if (reply) toast.info(reply.message);
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Forgot password">
      <Stack gap="md">
        <TextField
          control={control}
          name="email"
          type="email"
          label="Email"
          placeholder="you@company.com"
          autoComplete="email"
          withAsterisk
        />
        <AuthFormFooter control={control} />
      </Stack>
    </form>
  );
}
