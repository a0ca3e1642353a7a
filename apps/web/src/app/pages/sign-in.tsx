// The components' own modules, not the feature's index: this chunk is the sign-in page, and the
// index also holds the password-reset forms (with TanStack Query and zod).
import { AuthLayout, copyrightLine } from '@/features/auth/components/AuthLayout';
import { SignInForm } from '@/features/auth/components/SignInForm';

export function SignInPage() {
  return (
    <AuthLayout title="Sign in" description="Use your email or phone number and your password." footer={copyrightLine()}>
      <SignInForm />
    </AuthLayout>
  );
}
