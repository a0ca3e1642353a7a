import { Anchor, Center, Stack } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { z } from 'zod';
import { MESSAGES, passwordSchema } from '@fleetfuel/contract';
import { PasswordField, SubmitButton } from '@/components/ui/FormFields';
import { useResetPassword } from '../api';

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
        <SubmitButton control={control} fullWidth>
          Continue
        </SubmitButton>
        <Center>
          <Anchor component={Link} to="/login" size="sm">
            Back to Login
          </Anchor>
        </Center>
      </Stack>
    </form>
  );
}
