import { route } from './route.js';
import { messageReplySchema } from '../common.js';
import {
  authReplySchema,
  loginBodySchema,
  passwordResetConfirmBodySchema,
  passwordResetRequestBodySchema,
  registerBodySchema,
  registerReplySchema,
  sessionUserSchema,
} from '../identity.schemas.js';

export const authRoutes = {
  login: route({
    method: 'POST',
    path: '/auth/login',
    permission: 'public',
    summary: 'Sign in with an e-mail or phone number and a password',
    tag: 'auth',
    body: loginBodySchema,
    reply: authReplySchema,
    rateLimited: true,
  }),
  register: route({
    method: 'POST',
    path: '/auth/register',
    permission: 'public',
    summary: 'Create an account (with a token) or sign up a new organization (without, when enabled)',
    tag: 'auth',
    body: registerBodySchema,
    reply: registerReplySchema,
  }),
  me: route({
    method: 'GET',
    path: '/auth/me',
    permission: 'signedIn',
    summary: 'The signed-in user',
    tag: 'auth',
    reply: sessionUserSchema,
  }),
  logout: route({
    method: 'POST',
    path: '/auth/logout',
    permission: 'signedIn',
    summary: 'End the current session',
    tag: 'auth',
    reply: messageReplySchema,
  }),
  requestPasswordReset: route({
    method: 'POST',
    path: '/auth/request-password-reset',
    permission: 'public',
    summary: 'E-mail a password reset link (same reply whether or not the account exists)',
    tag: 'auth',
    body: passwordResetRequestBodySchema,
    reply: messageReplySchema,
  }),
  resetPassword: route({
    method: 'POST',
    path: '/auth/reset-password',
    permission: 'public',
    summary: 'Set a new password with a reset token; ends every session of the user',
    tag: 'auth',
    body: passwordResetConfirmBodySchema,
    reply: messageReplySchema,
  }),
};
