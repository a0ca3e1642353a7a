import { Stack } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { toastReply } from '@/lib/toast';
import { z } from 'zod';
import { MESSAGES, passwordSchema } from '@fleetfuel/contract';
import { PasswordField } from '@/components/ui/FormFields';
import { useResetPassword } from '../api';
import { AuthFormFooter } from './AuthFormFooter';

const resetFormSchema = z
  .object({
    password: passwordSchema,
    confirmPassword: z.string().min(1, MESSAGES.required),
  })
  .refine((values) => values.password === values.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });

export function ResetPasswordForm({ token }: { token: string }) {
  const resetPassword = useResetPassword();
  const navigate = useNavigate();
  const { control, handleSubmit } = useForm({
    resolver: zodResolver(resetFormSchema),
    mode: 'all',
    defaultValues: { password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ password }) => {
    if (!(await toastReply(resetPassword.mutateAsync({ token, password })))) return;
    await navigate('/login', { replace: true });
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Reset password">
      <Stack gap="md">
        <PasswordField control={control} name="password" label="New Password" autoComplete="new-password" withAsterisk />
        <PasswordField control={control} name="confirmPassword" label="Confirm Password" autoComplete="new-password" withAsterisk />
        <AuthFormFooter control={control} />
      </Stack>
    </form>
  );
}
