export { AuthLayout, copyrightLine } from './components/AuthLayout';
export { SignInForm } from './components/SignInForm';
export { ForgotPasswordForm } from './components/ForgotPasswordForm';
export { ResetPasswordForm } from './components/ResetPasswordForm';
