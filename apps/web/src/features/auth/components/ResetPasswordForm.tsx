import { Stack } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
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
    const reply = await resetPassword.mutateAsync({ token, password }).catch(() => null);
    if (!reply) return;
    toast.success(reply.message);
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
