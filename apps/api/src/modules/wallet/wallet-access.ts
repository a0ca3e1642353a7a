/**
 * What the wallet services share: the deps, how a wallet row becomes the contract's Wallet and
 * Transaction, who may see a wallet, references, and turning a provider outage into the error the
 * caller sees.
 */
import { randomBytes } from 'node:crypto';
import { koboToNaira, type Transaction, type TransactionType, type Wallet } from '@fleetfuel/contract';
import type { Clock } from '../../platform/clock.js';
import type { Database } from '../../platform/db/database.js';
import { AppError, forbidden, notFound } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/actor.js';
import type { Logger } from '../../platform/logging.js';
import type { ReportRenderer } from '../../platform/pdf/report-renderer.js';
import { ProviderUnavailableError, type PaymentProvider } from '../../platform/payments/provider.js';
import type { LedgerService } from '../ledger/index.js';
import type { NotificationsService } from '../notifications/index.js';
import type { RenewalService } from '../subscriptions/index.js';
import type { TransactionRow } from './transactions.repository.js';
import * as repository from './wallet.repository.js';
import type { WalletRow } from './wallet.repository.js';

export interface WalletDeps {
  db: Database;
  ledger: LedgerService;
  provider: PaymentProvider;
  renewal: RenewalService;
  appUrl: string;
  /** Outside production a card payment returns the payer to a local page's own address (platform/http/return-address.ts). */
  production: boolean;
  transferRetries: number;
  log: Logger;
  notifications: NotificationsService;
  clock: Clock;
  /** The app's one pool of PDF workers (statements); the app closes it on shutdown. */
  renderer: ReportRenderer;
}

export type WalletOwner = { organizationId: string } | { stationId: string };

/**
 * Whose wallet a call is about: the platform admin names one (`noneNamed` says how to refuse a call
 * that names none); everyone else has only their own, and naming another answers 404.
 */
export function walletOwnerOf(
  actor: Actor,
  query: { organizationId?: string | undefined; stationId?: string | undefined },
  noneNamed: () => AppError,
): WalletOwner {
  if (actor.role === 'ADMIN') {
    if (query.organizationId) return { organizationId: query.organizationId };
    if (query.stationId) return { stationId: query.stationId };
    throw noneNamed();
  }
  if (actor.organizationId) {
    if ((query.organizationId && query.organizationId !== actor.organizationId) || query.stationId) throw notFound('Wallet');
    return { organizationId: actor.organizationId };
  }
  if (actor.fuelStationId) {
    if ((query.stationId && query.stationId !== actor.fuelStationId) || query.organizationId) throw notFound('Wallet');
    return { stationId: actor.fuelStationId };
  }
  throw forbidden();
}

export const newReference = (prefix: string) =>
  `FF-${prefix}-${Date.now().toString(36).toUpperCase()}-${randomBytes(4).toString('hex').toUpperCase()}`;

export function toWallet(row: WalletRow): Wallet {
  const balance = BigInt(row.balance_kobo);
  const held = BigInt(row.held_kobo);
  const isOrganization = row.kind === 'ORGANIZATION_WALLET';
  return {
    id: row.id,
    balance: koboToNaira(balance),
    held: koboToNaira(held),
    available: koboToNaira(balance - held),
    currency: 'NGN',
    owner: {
      kind: isOrganization ? 'ORGANIZATION' : 'STATION',
      id: (isOrganization ? row.organization_id : row.fuel_station_id) as string,
      name: (isOrganization ? row.organization_name : row.station_name) ?? '',
    },
    accountNumber: row.bank_account_number,
    bankCode: row.bank_code,
    bankName: row.bank_name,
    accountName: row.bank_account_name,
    bankingVerified: row.banking_verified_at !== null,
  };
}

export function toTransaction(row: TransactionRow): Transaction {
  const amount = BigInt(row.amount_kobo);
  return {
    id: row.id,
    amount: koboToNaira(amount),
    direction: amount < 0n ? 'DEBIT' : 'CREDIT',
    type: row.type as TransactionType,
    note: row.note,
    fee: koboToNaira(row.fee_kobo),
    reference: row.reference,
    status: row.status as Transaction['status'],
    createdAt: row.created_at.toISOString(),
  };
}

export function createWalletAccess(deps: Pick<WalletDeps, 'db' | 'log'>) {
  const { db, log } = deps;

  async function view(accountId: string): Promise<WalletRow> {
    const row = await repository.findWalletView(db, accountId);
    if (!row) throw notFound('Wallet');
    return row;
  }

  /** A wallet by id, if the actor may see it: its own organization's or station's, or any for ADMIN. */
  async function visible(actor: Actor, accountId: string): Promise<WalletRow> {
    const row = await view(accountId);
    const own =
      actor.role === 'ADMIN' ||
      (row.organization_id !== null && row.organization_id === actor.organizationId) ||
      (row.fuel_station_id !== null && row.fuel_station_id === actor.fuelStationId);
    if (!own) throw notFound('Wallet');
    return row;
  }

  async function providerCall<T>(action: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof ProviderUnavailableError) {
        log.warn({ err: error }, `payment provider failed: ${action}`);
        throw new AppError('PROVIDER_UNAVAILABLE', `The payment provider could not ${action} just now. Please try again.`);
      }
      throw error;
    }
  }

  return { view, visible, providerCall };
}

export type WalletAccess = ReturnType<typeof createWalletAccess>;
