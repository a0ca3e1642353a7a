/**
 * The route table: every call of the API with its method, path (relative to the API base `/api`),
 * inputs, reply and permission. The API registers its handlers from this table and the web client
 * calls through it, so a path or a payload key cannot differ between the two.
 */
import { z } from 'zod';
import type { Permission } from './permissions.js';
import type { MoneyLimitKind } from './money.js';
import { idParamsSchema, idSchema, messageReplySchema } from './common.js';
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
import {
  fuelStationCreateBodySchema,
  fuelStationListReplySchema,
  fuelStationSchema,
  fuelStationUpdateBodySchema,
  organizationAnalyticsSchema,
  organizationCreateBodySchema,
  organizationListReplySchema,
  organizationSchema,
  organizationUpdateBodySchema,
  tenantListQuerySchema,
} from './tenants.schemas.js';
import {
  planCreateBodySchema,
  planListQuerySchema,
  planListReplySchema,
  planUpdateBodySchema,
  planWriteReplySchema,
  priceHistoryQuerySchema,
  priceHistoryReplySchema,
  priceUpdateBodySchema,
  priceUpdateReplySchema,
} from './plans.schemas.js';
import {
  assignDriverBodySchema,
  departmentCreateBodySchema,
  departmentListQuerySchema,
  departmentListReplySchema,
  departmentSchema,
  departmentUpdateBodySchema,
  driverCreateBodySchema,
  driverListQuerySchema,
  driverListReplySchema,
  driverSchema,
  driverUpdateBodySchema,
  insuranceSchema,
  insuranceWriteBodySchema,
  insuranceWriteReplySchema,
  unassignDriverBodySchema,
  vehicleCreateBodySchema,
  vehicleListQuerySchema,
  vehicleListReplySchema,
  vehicleSchema,
  vehicleUpdateBodySchema,
} from './fleet.schemas.js';
import {
  bankVerifyQuerySchema,
  bankVerifyReplySchema,
  banksReplySchema,
  checkoutReplySchema,
  createTransactionBodySchema,
  createTransactionReplySchema,
  fundBodySchema,
  makePurchaseBodySchema,
  settlePaymentBodySchema,
  settlePaymentReplySchema,
  transactionListQuerySchema,
  transactionListReplySchema,
  updateBankingBodySchema,
  walletQuerySchema,
  walletReplySchema,
  walletWriteReplySchema,
  webhookReplySchema,
} from './wallet.schemas.js';
import {
  currentSubscriptionQuerySchema,
  currentSubscriptionReplySchema,
  renewBodySchema,
  renewReplySchema,
  reserveCreateBodySchema,
  reserveListQuerySchema,
  reserveListReplySchema,
  reserveUpdateBodySchema,
  reserveWriteReplySchema,
} from './billing.schemas.js';
import {
  couponPreviewReplySchema,
  couponQuerySchema,
  fuelCompleteBodySchema,
  fuelRequestCreateBodySchema,
  fuelRequestListReplySchema,
  fuelRequestSchema,
  maintenanceCompleteBodySchema,
  maintenanceCreateBodySchema,
  maintenanceListReplySchema,
  maintenanceMyRequestsReplySchema,
  maintenancePriceBodySchema,
  maintenanceRequestSchema,
  maintenanceWriteReplySchema,
  rejectBodySchema,
  requestListQuerySchema,
  requestWriteReplySchema,
  stationOptionsReplySchema,
} from './requests.schemas.js';
import {
  emailChangeBodySchema,
  notificationPreferencesBodySchema,
  notificationPreferencesSchema,
  organizationSettingsBodySchema,
  organizationSettingsQuerySchema,
  organizationSettingsReplySchema,
  passwordChangeBodySchema,
  profileReplySchema,
  profileUpdateBodySchema,
  sessionListReplySchema,
  supportContactSchema,
  ticketCreateBodySchema,
  ticketListQuerySchema,
  ticketListReplySchema,
  ticketReplyBodySchema,
  ticketSchema,
  ticketWriteReplySchema,
} from './account.schemas.js';
import { analyticsOverviewSchema, analyticsQuerySchema, combinedReportQuerySchema, reportQuerySchema } from './analytics.schemas.js';

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
  /** How the body travels; multipart bodies carry files beside the fields (JSON is accepted too). */
  bodyType?: 'json' | 'multipart';
  /** The file fields a multipart body may carry, with what each must be. */
  files?: Readonly<Record<string, 'image' | 'document'>>;
  /** `file`: the reply is the bytes of a stored file or a generated PDF; `html`: a page; both not JSON. */
  replyType?: 'json' | 'file' | 'html';
  /** Money moves: the `Idempotency-Key` header makes a retry return the first reply with one effect. */
  idempotent?: boolean;
  /** The handler receives the raw body bytes (webhooks verify a signature over them). */
  rawBody?: boolean;
  /** Sign-in attempts are rate limited per account and per address. */
  rateLimited?: boolean;
  /**
   * Body fields that carry naira, by the configured ceiling that applies to them: `amount` for
   * sums of money, `pricePerUnit` for a price per litre (kWh, kg). The API refuses a value above it.
   */
  moneyFields?: Readonly<Record<string, MoneyLimitKind>>;
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
  analytics: route({
    method: 'GET',
    path: '/admin/organizations/analytics',
    permission: 'clients.manage',
    summary: 'Client figures for the Clients page stat cards',
    tag: 'organizations',
    reply: organizationAnalyticsSchema,
  }),
  get: route({
    method: 'GET',
    path: '/admin/organizations/:id',
    permission: 'clients.manage',
    summary: 'One client organization',
    tag: 'organizations',
    params: idParamsSchema,
    reply: organizationSchema,
  }),
  create: route({
    method: 'POST',
    path: '/admin/organizations',
    permission: 'clients.manage',
    summary: 'Register a client organization (multipart, optional logo `image`)',
    tag: 'organizations',
    body: organizationCreateBodySchema,
    bodyType: 'multipart',
    files: { image: 'image' },
    reply: organizationSchema,
  }),
  update: route({
    method: 'PUT',
    path: '/admin/organizations/:id',
    permission: 'clients.manage',
    summary: 'Update a client organization (multipart, optional logo `image`)',
    tag: 'organizations',
    params: idParamsSchema,
    body: organizationUpdateBodySchema,
    bodyType: 'multipart',
    files: { image: 'image' },
    reply: organizationSchema,
  }),
  remove: route({
    method: 'DELETE',
    path: '/admin/organizations/:id',
    permission: 'clients.manage',
    summary: 'Delete a client without history (otherwise suspend it)',
    tag: 'organizations',
    params: idParamsSchema,
    reply: messageReplySchema,
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
  get: route({
    method: 'GET',
    path: '/admin/fuel-stations/:id',
    permission: 'stations.manage',
    summary: 'One fuel station',
    tag: 'fuel-stations',
    params: idParamsSchema,
    reply: fuelStationSchema,
  }),
  create: route({
    method: 'POST',
    path: '/admin/fuel-stations',
    permission: 'stations.manage',
    summary: 'Add a partner fuel station (multipart, optional `image`)',
    tag: 'fuel-stations',
    body: fuelStationCreateBodySchema,
    bodyType: 'multipart',
    files: { image: 'image' },
    reply: fuelStationSchema,
  }),
  update: route({
    method: 'PUT',
    path: '/admin/fuel-stations/:id',
    permission: 'stations.manage',
    summary: 'Update a fuel station (multipart, optional `image`)',
    tag: 'fuel-stations',
    params: idParamsSchema,
    body: fuelStationUpdateBodySchema,
    bodyType: 'multipart',
    files: { image: 'image' },
    reply: fuelStationSchema,
  }),
  remove: route({
    method: 'DELETE',
    path: '/admin/fuel-stations/:id',
    permission: 'stations.manage',
    summary: 'Delete a station without history (otherwise deactivate it)',
    tag: 'fuel-stations',
    params: idParamsSchema,
    reply: messageReplySchema,
  }),
};

export const planRoutes = {
  list: route({
    method: 'GET',
    path: '/subscriptions',
    permission: 'plans.read',
    summary: 'Subscription plans (organization admins see the active ones)',
    tag: 'subscriptions',
    query: planListQuerySchema,
    reply: planListReplySchema,
  }),
  create: route({
    method: 'POST',
    path: '/subscriptions',
    permission: 'plans.manage',
    summary: 'Add a subscription plan',
    tag: 'subscriptions',
    body: planCreateBodySchema,
    moneyFields: { amount: 'amount' },
    reply: planWriteReplySchema,
  }),
  update: route({
    method: 'PUT',
    path: '/subscriptions/:id',
    permission: 'plans.manage',
    summary: 'Edit a subscription plan',
    tag: 'subscriptions',
    params: idParamsSchema,
    body: planUpdateBodySchema,
    moneyFields: { amount: 'amount' },
    reply: planWriteReplySchema,
  }),
};

export const priceRoutes = {
  update: route({
    method: 'PATCH',
    path: '/fuel-requests/update-price',
    permission: 'prices.manage',
    summary: "Set the price per unit of a fuel the representative's station sells",
    tag: 'prices',
    body: priceUpdateBodySchema,
    moneyFields: { pricePerLitre: 'pricePerUnit' },
    reply: priceUpdateReplySchema,
  }),
  history: route({
    method: 'GET',
    path: '/fuel-requests/prices',
    permission: 'prices.read',
    summary: "A station's current prices and price history (ADMIN names the station)",
    tag: 'prices',
    query: priceHistoryQuerySchema,
    reply: priceHistoryReplySchema,
  }),
};

export const vehicleRoutes = {
  list: route({
    method: 'GET',
    path: '/vehicles',
    permission: 'fleet.manage',
    summary: 'Assets of the organization (ADMIN: all, or one organization), searchable and paginated',
    tag: 'vehicles',
    query: vehicleListQuerySchema,
    reply: vehicleListReplySchema,
  }),
  get: route({
    method: 'GET',
    path: '/vehicles/:id',
    permission: 'fleet.read',
    summary: 'One asset (a driver reads only its own)',
    tag: 'vehicles',
    params: idParamsSchema,
    reply: vehicleSchema,
  }),
  create: route({
    method: 'POST',
    path: '/vehicles',
    permission: 'fleet.manage',
    summary: 'Register an asset (JSON, or multipart with an optional `image`)',
    tag: 'vehicles',
    body: vehicleCreateBodySchema,
    moneyFields: { purchasePrice: 'amount' },
    bodyType: 'multipart',
    files: { image: 'image' },
    reply: vehicleSchema,
  }),
  update: route({
    method: 'PUT',
    path: '/vehicles/:id',
    permission: 'fleet.manage',
    summary: 'Update an asset (multipart with an optional `image`)',
    tag: 'vehicles',
    params: idParamsSchema,
    body: vehicleUpdateBodySchema,
    moneyFields: { purchasePrice: 'amount' },
    bodyType: 'multipart',
    files: { image: 'image' },
    reply: vehicleSchema,
  }),
  remove: route({
    method: 'DELETE',
    path: '/vehicles/:id',
    permission: 'fleet.manage',
    summary: 'Delete an asset without history (otherwise set it INACTIVE)',
    tag: 'vehicles',
    params: idParamsSchema,
    reply: messageReplySchema,
  }),
  assignDriver: route({
    method: 'PATCH',
    path: '/vehicles/assign-driver',
    permission: 'fleet.manage',
    summary: 'Give a vehicle its driver (a driver holds at most one vehicle)',
    tag: 'vehicles',
    body: assignDriverBodySchema,
    reply: vehicleSchema,
  }),
  unassignDriver: route({
    method: 'PATCH',
    path: '/vehicles/:id/unassign-driver',
    permission: 'fleet.manage',
    summary: 'Take the driver off a vehicle',
    tag: 'vehicles',
    params: idParamsSchema,
    reply: vehicleSchema,
  }),
};

export const driverRoutes = {
  list: route({
    method: 'GET',
    path: '/drivers',
    permission: 'fleet.manage',
    summary: 'Drivers of the organization, searchable and paginated',
    tag: 'drivers',
    query: driverListQuerySchema,
    reply: driverListReplySchema,
  }),
  get: route({
    method: 'GET',
    path: '/drivers/:id',
    permission: 'fleet.manage',
    summary: 'One driver',
    tag: 'drivers',
    params: idParamsSchema,
    reply: driverSchema,
  }),
  create: route({
    method: 'POST',
    path: '/drivers',
    permission: 'fleet.manage',
    summary: 'Add a driver who can sign in (multipart with an optional `image`)',
    tag: 'drivers',
    body: driverCreateBodySchema,
    bodyType: 'multipart',
    files: { image: 'image' },
    reply: driverSchema,
  }),
  update: route({
    method: 'PUT',
    path: '/drivers/:id',
    permission: 'fleet.manage',
    summary: 'Update a driver (multipart with an optional `image`)',
    tag: 'drivers',
    params: idParamsSchema,
    body: driverUpdateBodySchema,
    bodyType: 'multipart',
    files: { image: 'image' },
    reply: driverSchema,
  }),
  remove: route({
    method: 'DELETE',
    path: '/drivers/:id',
    permission: 'fleet.manage',
    summary: 'Delete a driver without history (otherwise disable the account)',
    tag: 'drivers',
    params: idParamsSchema,
    reply: messageReplySchema,
  }),
};

export const departmentRoutes = {
  list: route({
    method: 'GET',
    path: '/departments',
    permission: 'fleet.manage',
    summary: 'Groups of the organization, searchable and paginated',
    tag: 'departments',
    query: departmentListQuerySchema,
    reply: departmentListReplySchema,
  }),
  get: route({
    method: 'GET',
    path: '/departments/:id',
    permission: 'fleet.manage',
    summary: 'One group',
    tag: 'departments',
    params: idParamsSchema,
    reply: departmentSchema,
  }),
  create: route({
    method: 'POST',
    path: '/departments',
    permission: 'fleet.manage',
    summary: 'Add a group (ADMIN names the organization)',
    tag: 'departments',
    body: departmentCreateBodySchema,
    reply: departmentSchema,
  }),
  update: route({
    method: 'PUT',
    path: '/departments/:id',
    permission: 'fleet.manage',
    summary: 'Update a group',
    tag: 'departments',
    params: idParamsSchema,
    body: departmentUpdateBodySchema,
    reply: departmentSchema,
  }),
  remove: route({
    method: 'DELETE',
    path: '/departments/:id',
    permission: 'fleet.manage',
    summary: 'Delete a group without members or history (otherwise set it INACTIVE)',
    tag: 'departments',
    params: idParamsSchema,
    reply: messageReplySchema,
  }),
  unassignDriver: route({
    method: 'PATCH',
    path: '/departments/:id/unassign-driver',
    permission: 'fleet.manage',
    summary: 'Remove a driver from the group',
    tag: 'departments',
    params: idParamsSchema,
    body: unassignDriverBodySchema,
    reply: departmentSchema,
  }),
};

export const insuranceRoutes = {
  get: route({
    method: 'GET',
    path: '/insurance/vehicle/:id',
    permission: 'fleet.read',
    summary: "An asset's current insurance and its status",
    tag: 'insurance',
    params: idParamsSchema,
    reply: insuranceSchema,
  }),
  put: route({
    method: 'PUT',
    path: '/insurance/vehicle/:id',
    permission: 'fleet.manage',
    summary: "Record an asset's insurance policy (multipart with an optional `document`, PDF or image)",
    tag: 'insurance',
    params: idParamsSchema,
    body: insuranceWriteBodySchema,
    moneyFields: { amount: 'amount' },
    bodyType: 'multipart',
    files: { document: 'document' },
    reply: insuranceWriteReplySchema,
  }),
};

export const walletRoutes = {
  get: route({
    method: 'GET',
    path: '/wallet',
    permission: 'wallet.read',
    summary: "The caller's wallet (ADMIN names organizationId or stationId)",
    tag: 'wallet',
    query: walletQuerySchema,
    reply: walletReplySchema,
  }),
  transactions: route({
    method: 'GET',
    path: '/wallet/transactions/:walletId',
    permission: 'wallet.read',
    summary: "A wallet's transactions, newest first, paginated",
    tag: 'wallet',
    params: z.strictObject({ walletId: idSchema }),
    query: transactionListQuerySchema,
    reply: transactionListReplySchema,
  }),
  fund: route({
    method: 'POST',
    path: '/wallet/fund',
    permission: 'wallet.fund',
    summary: "Start a card payment into the organization's wallet; reply has the checkout URL",
    tag: 'wallet',
    body: fundBodySchema,
    moneyFields: { amount: 'amount' },
    reply: checkoutReplySchema,
    idempotent: true,
  }),
  makePurchase: route({
    method: 'POST',
    path: '/wallet/make-purchase',
    permission: 'subscription.renew',
    summary: 'Renew the subscription by card (optionally onto another plan); reply has the checkout URL',
    tag: 'wallet',
    body: makePurchaseBodySchema,
    reply: checkoutReplySchema,
    idempotent: true,
  }),
  banks: route({
    method: 'GET',
    path: '/wallet/banks',
    permission: 'wallet.banking',
    summary: 'Nigerian banks and their codes',
    tag: 'wallet',
    reply: banksReplySchema,
  }),
  verifyBank: route({
    method: 'GET',
    path: '/wallet/banks/verify',
    permission: 'wallet.banking',
    summary: 'Resolve an account number at a bank to its account name',
    tag: 'wallet',
    query: bankVerifyQuerySchema,
    reply: bankVerifyReplySchema,
  }),
  updateBanking: route({
    method: 'PATCH',
    path: '/wallet/:id/update-banking',
    permission: 'wallet.banking',
    summary: "Save a station wallet's verified bank details (the name is resolved again)",
    tag: 'wallet',
    params: idParamsSchema,
    body: updateBankingBodySchema,
    reply: walletWriteReplySchema,
  }),
  createTransaction: route({
    method: 'POST',
    path: '/wallet/:id/create-transaction',
    permission: 'wallet.adjust',
    summary: "ADMIN's Change Balance: credit or debit a wallet with a note",
    tag: 'wallet',
    params: idParamsSchema,
    body: createTransactionBodySchema,
    moneyFields: { amount: 'amount' },
    reply: createTransactionReplySchema,
    idempotent: true,
  }),
  settlePayment: route({
    method: 'POST',
    path: '/wallet/:id/settle-payment',
    permission: 'wallet.settle',
    summary: "Pay a station's available balance (or part of it) to its verified bank account",
    tag: 'wallet',
    params: idParamsSchema,
    body: settlePaymentBodySchema,
    moneyFields: { amount: 'amount' },
    reply: settlePaymentReplySchema,
    idempotent: true,
  }),
};

export const paymentRoutes = {
  webhook: route({
    method: 'POST',
    path: '/payments/webhook',
    permission: 'public',
    summary: 'Payment provider events (Paystack-signed: x-paystack-signature)',
    tag: 'payments',
    reply: webhookReplySchema,
    rawBody: true,
  }),
  sandboxCheckout: route({
    method: 'GET',
    path: '/payments/sandbox/checkout/:reference',
    permission: 'public',
    summary: "The sandbox provider's card page (pay or fail)",
    tag: 'payments',
    params: z.strictObject({ reference: z.string().min(1).max(100) }),
    reply: z.string(),
    replyType: 'html',
  }),
  sandboxComplete: route({
    method: 'POST',
    path: '/payments/sandbox/checkout/:reference',
    permission: 'public',
    summary: 'The payer chose on the sandbox card page; redirects back to the app',
    tag: 'payments',
    params: z.strictObject({ reference: z.string().min(1).max(100) }),
    body: z.strictObject({ outcome: z.enum(['success', 'failed']) }),
    reply: z.string(),
    replyType: 'html',
  }),
};

export const reserveRoutes = {
  list: route({
    method: 'GET',
    path: '/fuel-reserves',
    permission: 'reserves.read',
    summary: "The organization's fuel reserves with what remains per fuel type (ADMIN names the organization)",
    tag: 'reserves',
    query: reserveListQuerySchema,
    reply: reserveListReplySchema,
  }),
  create: route({
    method: 'POST',
    path: '/fuel-reserves',
    permission: 'reserves.create',
    summary: 'Request a reserve of a fuel type (PENDING until the organization admin approves)',
    tag: 'reserves',
    body: reserveCreateBodySchema,
    reply: reserveWriteReplySchema,
  }),
  update: route({
    method: 'PATCH',
    path: '/fuel-reserves/:id',
    permission: 'reserves.approve',
    summary: 'Approve a pending reserve (or deactivate a reserve); reply has a message',
    tag: 'reserves',
    params: idParamsSchema,
    body: reserveUpdateBodySchema,
    reply: reserveWriteReplySchema,
  }),
};

export const billingRoutes = {
  current: route({
    method: 'GET',
    path: '/subscriptions/current',
    permission: 'reserves.read',
    summary: "The organization's plan, billing dates and usage against each limit",
    tag: 'subscriptions',
    query: currentSubscriptionQuerySchema,
    reply: currentSubscriptionReplySchema,
  }),
  renew: route({
    method: 'POST',
    path: '/subscriptions/renew',
    permission: 'subscription.renew',
    summary: 'Renew from the wallet once nextBilling has passed (otherwise pay by card: make-purchase)',
    tag: 'subscriptions',
    body: renewBodySchema,
    reply: renewReplySchema,
    idempotent: true,
  }),
};

const pdfReply = z.unknown();

export const fuelRequestRoutes = {
  myRequests: route({
    method: 'GET',
    path: '/fuel-requests/my-requests',
    permission: 'requests.read',
    summary: 'Fuel requests the caller made (a driver: its requests)',
    tag: 'fuel-requests',
    query: requestListQuerySchema,
    reply: fuelRequestListReplySchema,
  }),
  allRequests: route({
    method: 'GET',
    path: '/fuel-requests/all-requests',
    permission: 'requests.read',
    summary: "Fuel requests in the caller's scope (stations: approved and completed ones addressed to them)",
    tag: 'fuel-requests',
    query: requestListQuerySchema,
    reply: fuelRequestListReplySchema,
  }),
  single: route({
    method: 'GET',
    path: '/fuel-requests/single/:id',
    permission: 'requests.read',
    summary: 'One fuel request',
    tag: 'fuel-requests',
    params: idParamsSchema,
    reply: fuelRequestSchema,
  }),
  stations: route({
    method: 'GET',
    path: '/fuel-requests/fuel-stations',
    permission: 'requests.read',
    summary: 'Active stations with their fuels and current prices, to choose from',
    tag: 'fuel-requests',
    reply: stationOptionsReplySchema,
  }),
  create: route({
    method: 'POST',
    path: '/fuel-requests',
    permission: 'requests.create',
    summary: 'Request fuel for a vehicle at a station (a driver: for its own vehicle)',
    tag: 'fuel-requests',
    body: fuelRequestCreateBodySchema,
    reply: requestWriteReplySchema,
  }),
  approve: route({
    method: 'PATCH',
    path: '/fuel-requests/:id/approve',
    permission: 'requests.approve',
    summary: 'Approve: checks caps and reserve, locks the price, holds the money, issues the coupon',
    tag: 'fuel-requests',
    params: idParamsSchema,
    reply: requestWriteReplySchema,
  }),
  reject: route({
    method: 'PATCH',
    path: '/fuel-requests/:id/reject',
    permission: 'requests.approve',
    summary: 'Reject a pending request, with an optional note',
    tag: 'fuel-requests',
    params: idParamsSchema,
    body: rejectBodySchema,
    reply: requestWriteReplySchema,
  }),
  complete: route({
    method: 'PATCH',
    path: '/fuel-requests/:id/complete',
    permission: 'requests.redeem',
    summary: 'Redeem the coupon at its station: the organization pays, the station is credited',
    tag: 'fuel-requests',
    params: idParamsSchema,
    body: fuelCompleteBodySchema,
    reply: requestWriteReplySchema,
    idempotent: true,
  }),
  coupon: route({
    method: 'GET',
    path: '/fuel-requests/coupon',
    permission: 'requests.redeem',
    summary: 'What a coupon (code or QR) stands for, before redeeming it',
    tag: 'fuel-requests',
    query: couponQuerySchema,
    reply: couponPreviewReplySchema,
  }),
  generateCoupon: route({
    method: 'GET',
    path: '/fuel-requests/:id/generate-coupon',
    permission: 'coupons.download',
    summary: 'The coupon of an approved request as a PDF',
    tag: 'fuel-requests',
    params: idParamsSchema,
    reply: pdfReply,
    replyType: 'file',
  }),
};

export const maintenanceRoutes = {
  allRequests: route({
    method: 'GET',
    path: '/maintenance/all-requests',
    permission: 'requests.read',
    summary: "Maintenance requests in the caller's scope",
    tag: 'maintenance',
    query: requestListQuerySchema,
    reply: maintenanceListReplySchema,
  }),
  myRequests: route({
    method: 'GET',
    path: '/maintenance/my-requests',
    permission: 'requests.read',
    summary: 'Maintenance requests the caller made',
    tag: 'maintenance',
    query: requestListQuerySchema,
    reply: maintenanceMyRequestsReplySchema,
  }),
  single: route({
    method: 'GET',
    path: '/maintenance/single/:id',
    permission: 'requests.read',
    summary: 'One maintenance request',
    tag: 'maintenance',
    params: idParamsSchema,
    reply: maintenanceRequestSchema,
  }),
  create: route({
    method: 'POST',
    path: '/maintenance',
    permission: 'requests.create',
    summary: 'Schedule maintenance for a vehicle, optionally at a station',
    tag: 'maintenance',
    body: maintenanceCreateBodySchema,
    moneyFields: { cost: 'amount' },
    reply: maintenanceWriteReplySchema,
  }),
  approve: route({
    method: 'PATCH',
    path: '/maintenance/:id/approve',
    permission: 'requests.approve',
    summary: 'Approve: the vehicle goes UNDER_MAINTENANCE; a station job holds its cost',
    tag: 'maintenance',
    params: idParamsSchema,
    reply: maintenanceWriteReplySchema,
  }),
  reject: route({
    method: 'PATCH',
    path: '/maintenance/:id/reject',
    permission: 'requests.approve',
    summary: 'Reject a pending maintenance request',
    tag: 'maintenance',
    params: idParamsSchema,
    body: rejectBodySchema,
    reply: maintenanceWriteReplySchema,
  }),
  complete: route({
    method: 'PATCH',
    path: '/maintenance/:id/complete',
    permission: 'maintenance.complete',
    summary: 'Complete a job: its station (with the work order code or QR) or the organization admin when no station is named',
    tag: 'maintenance',
    params: idParamsSchema,
    body: maintenanceCompleteBodySchema,
    moneyFields: { finalCost: 'amount' },
    reply: maintenanceWriteReplySchema,
    idempotent: true,
  }),
  updatePrice: route({
    method: 'PATCH',
    path: '/maintenance/update-price',
    permission: 'requests.redeem',
    summary: "The servicing station sets an approved job's final cost, not above the approved cost",
    tag: 'maintenance',
    body: maintenancePriceBodySchema,
    moneyFields: { cost: 'amount' },
    reply: maintenanceWriteReplySchema,
  }),
  generateCoupon: route({
    method: 'GET',
    path: '/maintenance/:id/generate-coupon',
    permission: 'coupons.download',
    summary: 'The work order of an approved job as a PDF',
    tag: 'maintenance',
    params: idParamsSchema,
    reply: pdfReply,
    replyType: 'file',
  }),
};

export const analyticsRoutes = {
  overview: route({
    method: 'GET',
    path: '/analytics/overview',
    permission: 'signedIn',
    summary: "Figures, graphs and recent activity in the caller's scope (platform, organization, driver or station)",
    tag: 'analytics',
    query: analyticsQuerySchema,
    reply: analyticsOverviewSchema,
  }),
};

export const reportRoutes = {
  combined: route({
    method: 'GET',
    path: '/reports/x/combined',
    permission: 'reports.view',
    summary: 'Comprehensive report (PDF): per vehicle fuel volume and cost and maintenance cost in the period',
    tag: 'reports',
    query: combinedReportQuerySchema,
    reply: pdfReply,
    replyType: 'file',
  }),
  insuranceStatus: route({
    method: 'GET',
    path: '/reports/x/insurance-status',
    permission: 'reports.view',
    summary: 'Insurance status report (PDF): every asset, soonest expiry first',
    tag: 'reports',
    query: reportQuerySchema,
    reply: pdfReply,
    replyType: 'file',
  }),
  serviceTerm: route({
    method: 'GET',
    path: '/reports/x/service-term',
    permission: 'reports.view',
    summary: 'Service term report (PDF): maintenance history and what is due',
    tag: 'reports',
    query: reportQuerySchema,
    reply: pdfReply,
    replyType: 'file',
  }),
  vehiclesDrivers: route({
    method: 'GET',
    path: '/reports/x/vehicles-drivers-list',
    permission: 'reports.view',
    summary: 'Vehicles & drivers report (PDF): the registry with assignments',
    tag: 'reports',
    query: reportQuerySchema,
    reply: pdfReply,
    replyType: 'file',
  }),
};

export const accountRoutes = {
  updateProfile: route({
    method: 'PUT',
    path: '/account/profile',
    permission: 'signedIn',
    summary: "The caller's own name, phone, title and avatar (multipart `image`)",
    tag: 'account',
    body: profileUpdateBodySchema,
    bodyType: 'multipart',
    files: { image: 'image' },
    reply: profileReplySchema,
  }),
  changeEmail: route({
    method: 'PUT',
    path: '/account/email',
    permission: 'signedIn',
    summary: "Change the caller's e-mail (the current password is required)",
    tag: 'account',
    body: emailChangeBodySchema,
    reply: profileReplySchema,
  }),
  changePassword: route({
    method: 'PUT',
    path: '/account/password',
    permission: 'signedIn',
    summary: 'Change the password; every other session of the user ends, this one stays',
    tag: 'account',
    body: passwordChangeBodySchema,
    reply: messageReplySchema,
  }),
  sessions: route({
    method: 'GET',
    path: '/account/sessions',
    permission: 'signedIn',
    summary: "The caller's live sessions",
    tag: 'account',
    reply: sessionListReplySchema,
  }),
  endSession: route({
    method: 'DELETE',
    path: '/account/sessions/:id',
    permission: 'signedIn',
    summary: 'End one of the caller’s sessions',
    tag: 'account',
    params: idParamsSchema,
    reply: messageReplySchema,
  }),
  notifications: route({
    method: 'GET',
    path: '/account/notifications',
    permission: 'signedIn',
    summary: 'Which e-mails the caller wants',
    tag: 'account',
    reply: notificationPreferencesSchema,
  }),
  updateNotifications: route({
    method: 'PUT',
    path: '/account/notifications',
    permission: 'signedIn',
    summary: 'Choose which e-mails to receive',
    tag: 'account',
    body: notificationPreferencesBodySchema,
    reply: notificationPreferencesSchema,
  }),
};

export const supportRoutes = {
  contact: route({
    method: 'GET',
    path: '/support/contact',
    permission: 'signedIn',
    summary: "The platform's support contact details",
    tag: 'support',
    reply: supportContactSchema,
  }),
  list: route({
    method: 'GET',
    path: '/support/tickets',
    permission: 'signedIn',
    summary: 'Support tickets: the caller’s own (ADMIN: every ticket)',
    tag: 'support',
    query: ticketListQuerySchema,
    reply: ticketListReplySchema,
  }),
  get: route({
    method: 'GET',
    path: '/support/tickets/:id',
    permission: 'signedIn',
    summary: 'One ticket with its replies',
    tag: 'support',
    params: idParamsSchema,
    reply: ticketSchema,
  }),
  create: route({
    method: 'POST',
    path: '/support/tickets',
    permission: 'signedIn',
    summary: 'Open a support ticket (multipart with an optional `attachment`)',
    tag: 'support',
    body: ticketCreateBodySchema,
    bodyType: 'multipart',
    files: { attachment: 'document' },
    reply: ticketWriteReplySchema,
  }),
  reply: route({
    method: 'POST',
    path: '/support/tickets/:id/replies',
    permission: 'signedIn',
    summary: 'Reply to a ticket (its opener, or ADMIN: then the opener is e-mailed)',
    tag: 'support',
    params: idParamsSchema,
    body: ticketReplyBodySchema,
    reply: ticketWriteReplySchema,
  }),
  close: route({
    method: 'PATCH',
    path: '/support/tickets/:id/close',
    permission: 'signedIn',
    summary: 'Close a ticket (ADMIN, or its opener)',
    tag: 'support',
    params: idParamsSchema,
    reply: ticketWriteReplySchema,
  }),
};

export const organizationSettingsRoutes = {
  get: route({
    method: 'GET',
    path: '/settings/organization',
    permission: 'organization.read',
    summary: "The organization's profile and preferences (ADMIN names the organization)",
    tag: 'settings',
    query: organizationSettingsQuerySchema,
    reply: organizationSettingsReplySchema,
  }),
  update: route({
    method: 'PUT',
    path: '/settings/organization',
    permission: 'requests.approve',
    summary: "The organization admin sets its organization's preferences",
    tag: 'settings',
    body: organizationSettingsBodySchema,
    reply: organizationSettingsReplySchema,
  }),
};

export const fileRoutes = {
  get: route({
    method: 'GET',
    path: '/files/:key',
    permission: 'public',
    summary: 'A stored file, by signed link or for a caller who may see its record',
    tag: 'files',
    params: z.strictObject({ key: z.string().min(1).max(200) }),
    query: z.strictObject({ exp: z.string().optional(), sig: z.string().optional() }),
    reply: z.unknown(),
    replyType: 'file',
  }),
};

export const systemRoutes = {
  health: route({
    method: 'GET',
    path: '/health',
    permission: 'public',
    summary: 'Liveness and database reachability, for load balancers and start-up checks',
    tag: 'system',
    reply: z.object({ status: z.literal('ok'), database: z.literal('ok') }),
  }),
};

export const routes = {
  system: systemRoutes,
  auth: authRoutes,
  users: userRoutes,
  organizations: organizationRoutes,
  fuelStations: fuelStationRoutes,
  plans: planRoutes,
  prices: priceRoutes,
  vehicles: vehicleRoutes,
  drivers: driverRoutes,
  departments: departmentRoutes,
  insurance: insuranceRoutes,
  wallet: walletRoutes,
  payments: paymentRoutes,
  reserves: reserveRoutes,
  billing: billingRoutes,
  fuelRequests: fuelRequestRoutes,
  maintenance: maintenanceRoutes,
  analytics: analyticsRoutes,
  reports: reportRoutes,
  account: accountRoutes,
  support: supportRoutes,
  organizationSettings: organizationSettingsRoutes,
  files: fileRoutes,
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
