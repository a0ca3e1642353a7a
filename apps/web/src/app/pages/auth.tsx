import { useSearchParams } from 'react-router';
import { AuthLayout, ForgotPasswordForm, ResetPasswordForm, copyrightLine } from '@/features/auth';
import { QueryLayer } from '@/lib/query-layer';

/** The sign-in screen is `./sign-in` (its own chunk, without TanStack Query). */

/** The reset-password route: the forgot-password screen, or with a `token` from the e-mail, the new-password screen. */
export function ResetPasswordPage() {
  return (
    <QueryLayer>
      <PasswordResetScreen />
    </QueryLayer>
  );
}

function PasswordResetScreen() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  if (token) {
    return (
      <AuthLayout title="Set a new password" description="Choose a new password for your account." footer={copyrightLine()}>
        <ResetPasswordForm token={token} />
      </AuthLayout>
    );
  }
  return (
    <AuthLayout
      title="Forgot Password"
      description="Enter the email of your account and we will send you a link to reset your password."
      footer={copyrightLine()}
    >
      <ForgotPasswordForm />
    </AuthLayout>
  );
}
