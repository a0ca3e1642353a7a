/**
 * The route table: every call of the API with its method, path (relative to the API base `/api`),
 * inputs, reply and permission. The API registers its handlers from this table and the web client
 * calls through it, so a path or a payload key cannot differ between the two.
 */
import type { z } from 'zod';
import type { Permission } from './permissions.js';
import { idParamsSchema, messageReplySchema } from './common.js';
import {
  authReplySchema,
  loginBodySchema,
  passwordResetConfirmBodySchema,
  passwordResetRequestBodySchema,
  registerBodySchema,
  registerReplySchema,
  sessionUserSchema,
  userCreateBodySchema,
  userListQuerySchema,
  userListReplySchema,
  userSchema,
  userUpdateBodySchema,
} from './identity.schemas.js';
import { fuelStationListReplySchema, organizationListReplySchema, tenantListQuerySchema } from './tenants.schemas.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteDefinition {
  method: HttpMethod;
  /** Fastify-style path with `:param` segments, relative to the API base. */
  path: string;
  permission: Permission;
  summary: string;
  tag: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  reply: z.ZodType;
  /** How the body travels; multipart bodies carry files beside the fields. */
  bodyType?: 'json' | 'multipart';
  /** Sign-in attempts are rate limited per account and per address. */
  rateLimited?: boolean;
}

const route = <const T extends RouteDefinition>(definition: T): T => definition;

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

export const userRoutes = {
  list: route({
    method: 'GET',
    path: '/admin/users',
    permission: 'users.manage',
    summary: 'Accounts the caller may see, searchable and paginated',
    tag: 'users',
    query: userListQuerySchema,
    reply: userListReplySchema,
  }),
  get: route({
    method: 'GET',
    path: '/admin/users/:id',
    permission: 'users.manage',
    summary: 'One account',
    tag: 'users',
    params: idParamsSchema,
    reply: userSchema,
  }),
  create: route({
    method: 'POST',
    path: '/admin/users',
    permission: 'users.manage',
    summary: 'Create an account within the caller’s rights',
    tag: 'users',
    body: userCreateBodySchema,
    reply: userSchema,
  }),
  update: route({
    method: 'PUT',
    path: '/admin/users/:id',
    permission: 'users.manage',
    summary: 'Edit, disable or re-enable an account',
    tag: 'users',
    params: idParamsSchema,
    body: userUpdateBodySchema,
    reply: userSchema,
  }),
  remove: route({
    method: 'DELETE',
    path: '/admin/users/:id',
    permission: 'users.manage',
    summary: 'Delete an account without history (otherwise disable it)',
    tag: 'users',
    params: idParamsSchema,
    reply: messageReplySchema,
  }),
};

export const organizationRoutes = {
  list: route({
    method: 'GET',
    path: '/admin/organizations',
    permission: 'clients.manage',
    summary: 'Client organizations, searchable and paginated',
    tag: 'organizations',
    query: tenantListQuerySchema,
    reply: organizationListReplySchema,
  }),
};

export const fuelStationRoutes = {
  list: route({
    method: 'GET',
    path: '/admin/fuel-stations',
    permission: 'stations.manage',
    summary: 'Partner fuel stations, searchable and paginated',
    tag: 'fuel-stations',
    query: tenantListQuerySchema,
    reply: fuelStationListReplySchema,
  }),
};

export const routes = {
  auth: authRoutes,
  users: userRoutes,
  organizations: organizationRoutes,
  fuelStations: fuelStationRoutes,
};

/** Every route of the table, for registration and for the test that nothing is left unbound. */
export const allRoutes: RouteDefinition[] = Object.values(routes).flatMap((group) =>
  Object.values(group as Record<string, RouteDefinition>),
);

type InputOf<S> = S extends z.ZodType ? z.input<S> : undefined;
type OutputOf<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a caller passes for a route: only the parts the route declares. */
export type RouteInput<R extends RouteDefinition> = (R['params'] extends z.ZodType
  ? { params: InputOf<R['params']> }
  : { params?: undefined }) &
  (R['query'] extends z.ZodType ? { query?: InputOf<R['query']> } : { query?: undefined }) &
  (R['body'] extends z.ZodType ? { body: InputOf<R['body']> } : { body?: undefined });

export type RouteReply<R extends RouteDefinition> = z.output<R['reply']>;
export type RouteBody<R extends RouteDefinition> = OutputOf<R['body']>;
export type RouteQuery<R extends RouteDefinition> = OutputOf<R['query']>;
export type RouteParams<R extends RouteDefinition> = OutputOf<R['params']>;

/** Fills `:param` segments of a route path. */
export function buildPath(path: string, params: Record<string, string> | undefined): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(value);
  });
}

export const API_BASE = '/api';
