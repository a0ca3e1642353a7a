/**
 * Table types for Kysely, kept by hand beside the migrations (no code generation). Columns the
 * database fills get `Generated`; int8 and numeric arrive as strings, `date` as YYYY-MM-DD.
 */
import type { ColumnType, Generated } from 'kysely';
import type { AuditChanges, RequestFlag } from '@fleetfuel/contract';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Int8 = ColumnType<string, string | number | bigint, string | number | bigint>;

export interface SubscriptionPlansTable {
  id: Generated<string>;
  name: string;
  status: Generated<string>;
  circle_days: Generated<number>;
  amount_kobo: Int8;
  drivers_limit: Generated<number>;
  assets_limit: Generated<number>;
  fuel_request_limit: Generated<number>;
  maintenance_request_limit: Generated<number>;
  description: string | null;
  is_default: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface OrganizationsTable {
  id: Generated<string>;
  name: string;
  type: string;
  address: string | null;
  status: Generated<string>;
  subscription_plan_id: string | null;
  next_billing: NullableTimestamp;
  domain: string | null;
  image_key: string | null;
  default_station_id: string | null;
  coupon_validity_days: Generated<number>;
  allow_expired_insurance: Generated<boolean>;
  service_interval_days: Generated<number>;
  service_interval_km: Generated<number>;
  /** Below this wallet balance the alerts centre warns the organization (0017). */
  low_balance_threshold_kobo: Generated<string>;
  /** Whether approving a request that carries anomaly flags needs a note (0018). */
  require_note_for_flagged_approval: Generated<boolean>;
  /** Whether each redemption needs the driver's PIN or a texted one-time code (0023). */
  require_driver_confirmation: Generated<boolean>;
  /** Whether each fuel redemption needs the vehicle's signed windscreen sticker scanned (0043). */
  require_vehicle_scan: Generated<boolean>;
  /** Whether each fuel redemption needs a photo of the odometer, and the reading typed at the pump (0051). */
  require_odometer_photo: Generated<boolean>;
  require_odometer_at_pump: Generated<boolean>;
  /** Whether its texts are folded to plain GSM-7 (no accents): half the SMS parts (0057). */
  ascii_texts: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface FuelStationsTable {
  id: Generated<string>;
  name: string;
  address: string | null;
  /** The Nigerian state it is in, for ALLOWED_STATES fuel policies (0048). */
  state: ColumnType<string | null, string | null | undefined, string | null>;
  latitude: ColumnType<string | null, number | string | null | undefined, number | string | null>;
  longitude: ColumnType<string | null, number | string | null | undefined, number | string | null>;
  status: Generated<string>;
  image_key: string | null;
  available_fuels: ColumnType<string[], string[] | undefined, string[]>;
  /** Lagos wall-clock 'HH:MM:SS'; both null: open around the clock (0042). */
  opens_at: string | null;
  closes_at: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface UsersTable {
  id: Generated<string>;
  name: string;
  title: string | null;
  email: string | null;
  phone: string | null;
  role: string;
  organization_id: string | null;
  fuel_station_id: string | null;
  password_hash: string;
  image_key: string | null;
  status: Generated<string>;
  department_id: string | null;
  /** A driver's PIN for confirming redemptions at the pump, hashed like a password (0023). */
  pump_pin_hash: ColumnType<string | null, string | null | undefined, string | null>;
  pump_pin_set_at: NullableTimestamp;
  /** A station attendant's PIN for taking over a shared station device, hashed like a password (0053). */
  station_pin_hash: ColumnType<string | null, string | null | undefined, string | null>;
  station_pin_set_at: NullableTimestamp;
  /** Wrong station PINs in a row; the fifth sets `station_pin_locked_until` and starts the count again. */
  station_pin_failures: Generated<number>;
  station_pin_locked_until: NullableTimestamp;
  /** Frozen (0046): nothing is requested, approved or redeemed while set; the reason is always given. */
  frozen_at: NullableTimestamp;
  frozen_reason: string | null;
  frozen_by: string | null;
  /** When the person's personal data was erased on request (0054); the row stays for the ids that point at it. */
  erased_at: NullableTimestamp;
  /** One of the contract's `LANGUAGES` (0055). */
  language: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SessionsTable {
  id: Generated<string>;
  user_id: string;
  token_hash: string;
  created_at: Timestamp;
  last_used_at: Timestamp;
  expires_at: Timestamp;
  ended_at: NullableTimestamp;
  end_reason: string | null;
  user_agent: string | null;
  ip_address: string | null;
}

export interface ApiKeysTable {
  id: Generated<string>;
  organization_id: string;
  name: string;
  scope: string;
  prefix: string;
  secret_hash: string;
  created_by: string;
  created_at: Timestamp;
  last_used_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
}

export interface PasswordResetTokensTable {
  id: Generated<string>;
  user_id: string;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

export interface SignInAttemptsTable {
  id: Generated<Int8>;
  username: string;
  ip_address: string;
  succeeded: boolean;
  attempted_at: Timestamp;
}

/** Sign-in and password-reset throttle counters, one row per key (0009). */
export interface ThrottlesTable {
  key: string;
  hits: number;
  first_hit_at: Timestamp;
  last_hit_at: Timestamp;
  blocked_until: NullableTimestamp;
}

export interface FilesTable {
  id: Generated<string>;
  storage_key: string;
  purpose: string;
  content_type: string;
  size_bytes: number;
  original_name: string | null;
  organization_id: string | null;
  fuel_station_id: string | null;
  uploaded_by: string | null;
  created_at: Timestamp;
}

export interface FuelPricesTable {
  id: Generated<string>;
  fuel_station_id: string;
  fuel_type: string;
  price_kobo: Int8;
  set_by: string | null;
  created_at: Timestamp;
}

type NullableNumeric = ColumnType<string | null, number | string | null | undefined, number | string | null>;

export interface DepartmentsTable {
  id: Generated<string>;
  organization_id: string;
  name: string;
  status: Generated<string>;
  max_daily_consumption: ColumnType<string, number | string | undefined, number | string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface VehiclesTable {
  id: Generated<string>;
  organization_id: string;
  plate_number: string | null;
  model: string;
  make: string;
  type: string;
  fuel_type: string;
  driver_id: string | null;
  department_id: string | null;
  registration_number: string | null;
  chasis_number: string | null;
  transmission_type: string | null;
  color: string | null;
  date_purchase: string | null;
  registration_state: string | null;
  registration_expiry: string | null;
  year: number | null;
  state: string | null;
  security_number: string | null;
  purchase_price_kobo: ColumnType<string | null, string | number | bigint | null | undefined, string | number | bigint | null>;
  tank_size: NullableNumeric;
  status: Generated<string>;
  image_key: string | null;
  last_odometer: NullableNumeric;
  /** Frozen (0046): nothing is requested, approved or redeemed while set; the reason is always given. */
  frozen_at: NullableTimestamp;
  frozen_reason: string | null;
  frozen_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** The Lagos day the vehicle falls due for maintenance ('-infinity': due whatever the day); its trigger writes it (0032). */
  due_on: ColumnType<string, never, never>;
  /** The earlier of its registration's and latest policy's end ('infinity' without either): the due alerts' order (0032). */
  due_order: ColumnType<string, never, never>;
}

export interface VehicleAssignmentsTable {
  id: Generated<string>;
  organization_id: string;
  vehicle_id: string;
  driver_id: string;
  assigned_at: Timestamp;
  assigned_by: string | null;
  unassigned_at: NullableTimestamp;
  unassigned_by: string | null;
}

export interface InsurancePoliciesTable {
  id: Generated<string>;
  organization_id: string;
  vehicle_id: string;
  insurer_name: string;
  insurance_type: string;
  insurance_number: string;
  coverage_start: string;
  coverage_end: string;
  amount_kobo: Int8;
  document_key: string | null;
  recorded_by: string | null;
  created_at: Timestamp;
}

export interface LedgerAccountsTable {
  id: Generated<string>;
  kind: string;
  organization_id: string | null;
  fuel_station_id: string | null;
  balance_kobo: Generated<string>;
  held_kobo: Generated<string>;
  /** How many postings the account has (0030), kept with the balance. */
  posting_count: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A station wallet's payout bank account (0010), the wallet module's record beside the ledger. */
export interface StationBankAccountsTable {
  account_id: string;
  bank_account_number: string;
  bank_code: string;
  bank_name: string | null;
  bank_account_name: string;
  banking_verified_at: ColumnType<Date, Date | string, Date | string>;
  transfer_recipient_code: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface JournalEntriesTable {
  id: Generated<string>;
  idempotency_key: string;
  kind: string;
  description: string;
  reference: string | null;
  created_by: string | null;
  created_at: Timestamp;
}

export interface PostingsTable {
  id: Generated<string>;
  entry_id: string;
  account_id: string;
  amount_kobo: Int8;
  type: string;
  note: string | null;
  fee_kobo: ColumnType<string, string | number | bigint | undefined, never>;
  created_at: Timestamp;
}

export interface HoldsTable {
  id: Generated<string>;
  account_id: string;
  amount_kobo: Int8;
  reason: string;
  reference: string;
  status: Generated<string>;
  created_at: Timestamp;
  closed_at: NullableTimestamp;
}

export interface CardPaymentsTable {
  id: Generated<string>;
  reference: string;
  provider: string;
  purpose: string;
  account_id: string;
  organization_id: string;
  subscription_plan_id: string | null;
  amount_kobo: Int8;
  status: Generated<string>;
  failure_reason: string | null;
  entry_id: string | null;
  initiated_by: string | null;
  created_at: Timestamp;
  completed_at: NullableTimestamp;
  /** When the reconciliation job last asked the provider about it (0008). */
  checked_at: NullableTimestamp;
}

export interface PayoutsTable {
  id: Generated<string>;
  reference: string;
  provider: string;
  account_id: string;
  amount_kobo: Int8;
  bank_account_number: string;
  bank_code: string;
  bank_account_name: string;
  status: Generated<string>;
  transfer_code: string | null;
  failure_reason: string | null;
  attempts: Generated<number>;
  entry_id: string;
  reversal_entry_id: string | null;
  initiated_by: string | null;
  created_at: Timestamp;
  completed_at: NullableTimestamp;
}

export interface IdempotencyKeysTable {
  user_id: string;
  key: string;
  route: string;
  request_hash: string;
  status_code: number | null;
  response: unknown;
  created_at: Timestamp;
}

export interface SandboxChargesTable {
  reference: string;
  amount_kobo: Int8;
  email: string;
  callback_url: string;
  status: Generated<string>;
  created_at: Timestamp;
}

export interface SandboxTransfersTable {
  reference: string;
  amount_kobo: Int8;
  recipient_code: string;
  status: string;
  created_at: Timestamp;
}

export interface FuelReservesTable {
  id: Generated<string>;
  organization_id: string;
  fuel_type: string;
  amount: ColumnType<string, number | string, number | string>;
  remaining: ColumnType<string, number | string, number | string>;
  status: Generated<string>;
  note: string | null;
  requested_by: string | null;
  approved_by: string | null;
  approved_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

type NullableInt8 = ColumnType<string | null, string | number | bigint | null | undefined, string | number | bigint | null>;

export interface FuelRequestsTable {
  id: Generated<string>;
  organization_id: string;
  vehicle_id: string;
  requested_by: string;
  /** The vehicle's driver when the request was made (0015); null when it had none. */
  driver_id: ColumnType<string | null, string | null | undefined, string | null>;
  station_id: string;
  fuel_type: string;
  volume: ColumnType<string, number | string, number | string>;
  supply_date: string;
  odometer: NullableNumeric;
  tank_level: number | null;
  note: string | null;
  status: Generated<string>;
  approved_by: string | null;
  approved_at: NullableTimestamp;
  price_kobo: NullableInt8;
  hold_kobo: NullableInt8;
  coupon_code: string | null;
  coupon_expires_at: NullableTimestamp;
  rejected_by: string | null;
  rejected_at: NullableTimestamp;
  rejection_note: string | null;
  /** Why the approver approved it, required for a flagged request when its organization asks (0018). */
  approval_note: ColumnType<string | null, string | null | undefined, string | null>;
  redeemed_by: string | null;
  redeemed_at: NullableTimestamp;
  dispensed_volume: NullableNumeric;
  amount_kobo: NullableInt8;
  fee_kobo: NullableInt8;
  payment_entry_id: string | null;
  expired_at: NullableTimestamp;
  /** Anomaly flags (0016), written as JSON text at creation and redemption. */
  flags: ColumnType<RequestFlag[], string | undefined, string>;
  /** Wrong driver PINs or codes since the last right one or the last lock (0023). */
  confirmation_failures: Generated<number>;
  confirmation_locked_until: NullableTimestamp;
  /** The one-time code texted to the driver, hashed, and when it stops counting (0023). */
  confirmation_code_hash: ColumnType<string | null, string | null | undefined, string | null>;
  confirmation_code_expires_at: NullableTimestamp;
  /** A reading left out of `odometer` because it jumps too far, and why (0051). */
  odometer_excluded: ColumnType<string | null, number | string | null | undefined, number | string | null>;
  odometer_excluded_reason: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Photos an attendant took at the pump, one row a file (0051). */
export interface FuelRequestEvidenceTable {
  id: Generated<string>;
  fuel_request_id: string;
  organization_id: string;
  fuel_station_id: string;
  kind: string;
  storage_key: string;
  uploaded_by: string;
  created_at: Timestamp;
}

export interface ReserveDrawsTable {
  id: Generated<string>;
  fuel_request_id: string;
  reserve_id: string;
  volume: ColumnType<string, number | string, number | string>;
  returned: ColumnType<string, number | string | undefined, number | string>;
  created_at: Timestamp;
}

export interface MaintenanceRequestsTable {
  id: Generated<string>;
  organization_id: string;
  vehicle_id: string;
  requested_by: string;
  station_id: string | null;
  description: string;
  service_date: string;
  cost_kobo: Int8;
  final_cost_kobo: NullableInt8;
  odometer: NullableNumeric;
  tank_level: number | null;
  note: string | null;
  status: Generated<string>;
  approved_by: string | null;
  approved_at: NullableTimestamp;
  hold_kobo: NullableInt8;
  coupon_code: string | null;
  rejected_by: string | null;
  rejected_at: NullableTimestamp;
  rejection_note: string | null;
  completed_by: string | null;
  completed_at: NullableTimestamp;
  amount_kobo: NullableInt8;
  fee_kobo: NullableInt8;
  payment_entry_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface NotificationPreferencesTable {
  user_id: string;
  request_decisions: Generated<boolean>;
  coupon_redeemed: Generated<boolean>;
  wallet_funded: Generated<boolean>;
  expiry_warnings: Generated<boolean>;
  subscription_due: Generated<boolean>;
  support_replies: Generated<boolean>;
  daily_digest: Generated<boolean>;
  /** Fuel budgets 80% and 100% used (0047). */
  budget_alerts: Generated<boolean>;
  updated_at: Timestamp;
}

export interface SupportTicketsTable {
  id: Generated<string>;
  opened_by: string;
  organization_id: string | null;
  fuel_station_id: string | null;
  subject: string;
  message: string;
  attachment_key: string | null;
  status: Generated<string>;
  closed_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SupportRepliesTable {
  id: Generated<string>;
  ticket_id: string;
  author_id: string;
  message: string;
  created_at: Timestamp;
}

export interface CouponSigningKeysTable {
  kid: string;
  public_jwk: ColumnType<Ed25519PublicJwk, string, string>;
  private_key_sealed: string;
  created_at: Generated<Timestamp>;
  retired_at: NullableTimestamp;
  verify_until: NullableTimestamp;
}

/** An Ed25519 public key as RFC 8037 writes it in a JWKS. */
export interface Ed25519PublicJwk {
  kty: 'OKP';
  crv: 'Ed25519';
  x: string;
  kid: string;
  alg: 'EdDSA';
  use: 'sig';
}

export interface JobRunsTable {
  name: string;
  run_date: string;
  started_at: Timestamp;
}

/** The outbox of e-mails and texts (0037): written in the transaction of the change they tell about, sent by any instance. */
export interface OutgoingMessagesTable {
  id: ColumnType<string, never, never>;
  organization_id: string | null;
  channel: 'EMAIL' | 'SMS';
  user_id: string | null;
  recipient: string;
  recipient_name: string | null;
  /** Worded when written (rows before 0057); null when `template` words it at send time. */
  subject: string | null;
  body: string | null;
  /** The message's key in the templates catalog and its parameters (0057). */
  template: string | null;
  params: ColumnType<Record<string, unknown> | null, string | null | undefined, never>;
  status: Generated<'PENDING' | 'SENT' | 'FAILED'>;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  last_error: string | null;
  created_at: Generated<Date>;
  sent_at: NullableTimestamp;
}

export interface NotificationsSentTable {
  key: string;
  user_id: string;
  sent_at: Timestamp;
}

/** Monthly counts and sums per scope, kept by triggers (0011); read by the analytics overview and the request lists' first screens. */
export interface AnalyticsMonthlyTotalsTable {
  scope: 'PLATFORM' | 'ORGANIZATION' | 'STATION';
  scope_id: string;
  subject: 'FUEL' | 'MAINTENANCE' | 'REVENUE';
  month: string;
  status: string;
  shard: number;
  request_count: Int8;
  volume: ColumnType<string, number | string, number | string>;
  dispensed_volume: ColumnType<string, number | string, number | string>;
  amount_kobo: Int8;
  fee_kobo: Int8;
  /** Maintenance jobs' estimates (`cost_kobo`), 0 for fuel and revenue (0028). */
  estimate_kobo: Int8;
}

/** Litres redeemed per driver and Lagos month, per organization and station (0029; kept by triggers). */
export interface AnalyticsDriverMonthsTable {
  scope: 'ORGANIZATION' | 'STATION';
  scope_id: string;
  month: string;
  /** The nil id for fills of vehicles that had no driver. */
  driver_id: string;
  redemptions: Int8;
  dispensed_volume: ColumnType<string, number | string, number | string>;
}

/** A scope's leading drivers since a month, kept by the driver-months' trigger (0034). */
export interface AnalyticsTopDriverListsTable {
  scope: 'PLATFORM' | 'ORGANIZATION' | 'STATION';
  scope_id: string;
  since_month: string;
  /** Every driver seen since the month is tracked. */
  complete: boolean;
  /** How many real drivers it tracks at most. */
  capacity: number;
  built_at: Generated<Date>;
}

/** A tracked driver's totals in a list (0034); the sixteen "no driver" keys are always tracked. */
export interface AnalyticsTopDriverTotalsTable {
  scope: 'PLATFORM' | 'ORGANIZATION' | 'STATION';
  scope_id: string;
  since_month: string;
  driver_id: string;
  redemptions: Int8;
  dispensed_volume: ColumnType<string, number | string, number | string>;
}

/** Who a station has served, one completed redemption being enough (0029; kept by triggers). */
export interface AnalyticsStationReachTable {
  station_id: string;
  kind: 'VEHICLE' | 'REQUESTER' | 'ORGANIZATION';
  subject_id: string;
}

/** The append-only audit trail (0014): written only by the audit module, never updated or deleted. */
export interface AuditLogTable {
  id: ColumnType<string, never, never>;
  occurred_at: Timestamp;
  actor_user_id: string | null;
  actor_name: string | null;
  actor_role: string | null;
  organization_id: string | null;
  station_id: string | null;
  action: string;
  entity_type: string;
  entity_id: string;
  /** `{field: {before, after}}`, as the audit module's changed-fields function builds it. */
  changes: ColumnType<AuditChanges, string, never>;
  ip_address: string | null;
  note: string | null;
}

/** Each vehicle's facts of the due rule, kept by triggers (0011). */
export interface VehicleServiceFactsTable {
  vehicle_id: string;
  open_jobs: Generated<number>;
  last_service_at: NullableTimestamp;
  last_service_odometer: NullableNumeric;
  insurance_end: string | null;
}

/** Issue 14's webhooks (0026): endpoints, the outbox of deliveries, and each delivery attempt. */
export interface WebhookEndpointsTable {
  id: Generated<string>;
  organization_id: string;
  url: string;
  events: ColumnType<string[], string[], string[]>;
  /** The signing secret, sealed under APP_SECRET (`platform/sealing.ts`). */
  secret_sealed: string;
  created_by: string;
  created_at: Timestamp;
  deleted_at: NullableTimestamp;
}

export interface WebhookDeliveriesTable {
  id: Generated<string>;
  seq: ColumnType<string, never, never>;
  endpoint_id: string;
  organization_id: string;
  event_id: string;
  event: string;
  record_key: string;
  payload: ColumnType<Record<string, unknown>, string, never>;
  status: Generated<string>;
  attempts: Generated<number>;
  next_attempt_at: NullableTimestamp;
  created_at: Timestamp;
  delivered_at: NullableTimestamp;
}

export interface WebhookDeliveryAttemptsTable {
  id: ColumnType<string, never, never>;
  delivery_id: string;
  attempted_at: Timestamp;
  status_code: number | null;
  error: string | null;
  duration_ms: number;
}

/** Redemptions recorded offline that the server refused when they were sent (0041). */
export interface RedemptionFollowUpsTable {
  id: Generated<string>;
  station_id: string;
  organization_id: string | null;
  fuel_request_id: string | null;
  idempotency_key: string;
  coupon_code: string | null;
  dispensed_volume: ColumnType<string, number | string, number | string>;
  amount_kobo: NullableInt8;
  recorded_by: string | null;
  recorded_offline_at: Timestamp;
  refused_at: Generated<Date>;
  reason: string;
  status: Generated<'OPEN' | 'RESOLVED'>;
  resolved_at: NullableTimestamp;
  resolved_by: string | null;
  resolution_note: string | null;
}

export interface FuelPoliciesTable {
  id: Generated<string>;
  organization_id: string;
  rule: string;
  /** The rule's value as the contract's schema parsed it (a number, days, hours, ids, states or `true`). */
  value: ColumnType<unknown, string, string>;
  enforcement: 'HARD' | 'SOFT';
  scope_type: 'ORGANIZATION' | 'GROUP' | 'DRIVER' | 'VEHICLE';
  scope_id: string | null;
  created_by: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** The review queue (0045): one row a flag a fuel request raised, judged by a manager. */
export interface RequestFlagsTable {
  id: Generated<string>;
  organization_id: string;
  fuel_request_id: string;
  code: RequestFlag['code'];
  severity: RequestFlag['severity'];
  message: string;
  step: 'REQUEST' | 'REDEMPTION';
  status: Generated<'OPEN' | 'LEGITIMATE' | 'SUSPECTED' | 'CONFIRMED_FRAUD'>;
  note: string | null;
  recovered_kobo: ColumnType<string | null, string | null | undefined, string | null>;
  reviewed_by: string | null;
  reviewed_at: NullableTimestamp;
  raised_at: Timestamp;
}

/** Overrides asked at the pump for SOFT policy breaches (0050). */
export interface PolicyOverridesTable {
  id: Generated<string>;
  organization_id: string;
  fuel_request_id: string;
  station_id: string;
  requested_by: string;
  dispensed_volume: ColumnType<string, number | string, number | string>;
  /** The messages of the SOFT breaches, as a JSON array of strings. */
  breaches: ColumnType<string[], string, string>;
  /** CANCELLED (0052): the attendant stopped waiting before a manager decided. */
  status: Generated<'PENDING' | 'APPROVED' | 'DECLINED' | 'USED' | 'EXPIRED' | 'CANCELLED'>;
  decided_by: string | null;
  decided_at: NullableTimestamp;
  note: string | null;
  expires_at: NullableTimestamp;
  created_at: Timestamp;
}

/** A USSD session between Africa's Talking callbacks (0056): its driver once the PIN was right, and where they are in the menu. */
export interface UssdSessionsTable {
  id: Generated<string>;
  gateway_session_id: string;
  phone: string;
  user_id: string | null;
  step: string;
  /** The menu's state for the step (litres typed, state and page chosen…), written as JSON text. */
  state: ColumnType<unknown, string | undefined, string>;
  /** How many `*`-joined inputs of the gateway's `text` were already acted on. */
  inputs_read: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  expires_at: Timestamp;
}

export interface DB {
  notification_preferences: NotificationPreferencesTable;
  support_tickets: SupportTicketsTable;
  support_replies: SupportRepliesTable;
  job_runs: JobRunsTable;
  coupon_signing_keys: CouponSigningKeysTable;
  notifications_sent: NotificationsSentTable;
  outgoing_messages: OutgoingMessagesTable;
  fuel_requests: FuelRequestsTable;
  reserve_draws: ReserveDrawsTable;
  maintenance_requests: MaintenanceRequestsTable;
  fuel_reserves: FuelReservesTable;
  ledger_accounts: LedgerAccountsTable;
  station_bank_accounts: StationBankAccountsTable;
  journal_entries: JournalEntriesTable;
  postings: PostingsTable;
  holds: HoldsTable;
  card_payments: CardPaymentsTable;
  payouts: PayoutsTable;
  idempotency_keys: IdempotencyKeysTable;
  sandbox_charges: SandboxChargesTable;
  sandbox_transfers: SandboxTransfersTable;
  departments: DepartmentsTable;
  vehicles: VehiclesTable;
  vehicle_assignments: VehicleAssignmentsTable;
  insurance_policies: InsurancePoliciesTable;
  files: FilesTable;
  fuel_prices: FuelPricesTable;
  subscription_plans: SubscriptionPlansTable;
  organizations: OrganizationsTable;
  fuel_stations: FuelStationsTable;
  users: UsersTable;
  sessions: SessionsTable;
  api_keys: ApiKeysTable;
  password_reset_tokens: PasswordResetTokensTable;
  sign_in_attempts: SignInAttemptsTable;
  throttles: ThrottlesTable;
  analytics_monthly_totals: AnalyticsMonthlyTotalsTable;
  analytics_driver_months: AnalyticsDriverMonthsTable;
  analytics_top_driver_lists: AnalyticsTopDriverListsTable;
  analytics_top_driver_totals: AnalyticsTopDriverTotalsTable;
  analytics_station_reach: AnalyticsStationReachTable;
  vehicle_service_facts: VehicleServiceFactsTable;
  audit_log: AuditLogTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_delivery_attempts: WebhookDeliveryAttemptsTable;
  redemption_follow_ups: RedemptionFollowUpsTable;
  fuel_policies: FuelPoliciesTable;
  request_flags: RequestFlagsTable;
  policy_overrides: PolicyOverridesTable;
  fuel_request_evidence: FuelRequestEvidenceTable;
  ussd_sessions: UssdSessionsTable;
}
