export { AuthLayout, copyrightLine } from './components/AuthLayout';
export { ForgotPasswordForm } from './components/ForgotPasswordForm';
export { ResetPasswordForm } from './components/ResetPasswordForm';
