export {
  createLedgerService,
  InsufficientFundsError,
  type EntrySpec,
  type LedgerService,
  type PlatformAccount,
  type PostingSpec,
  type WalletOwner,
} from './ledger.service.js';
