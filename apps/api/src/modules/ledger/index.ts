export { createLedgerService, InsufficientFundsError, type LedgerService, type PostingSpec } from './ledger.service.js';
