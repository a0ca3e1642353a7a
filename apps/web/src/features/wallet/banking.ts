/**
 * The banking information form's rules (spec section 5): an account is verified with the bank only
 * once the number has exactly 10 digits and a bank is chosen, and only a verified account can be
 * saved. Changing the number or the bank afterwards needs a verification of the new pair.
 */
import { BANK_ACCOUNT_NUMBER_LENGTH } from '@fleetfuel/contract';

const ACCOUNT_NUMBER = new RegExp(`^\\d{${BANK_ACCOUNT_NUMBER_LENGTH}}$`);

export function canVerifyAccount(accountNumber: string, bankCode: string): boolean {
  return ACCOUNT_NUMBER.test(accountNumber) && bankCode.trim() !== '';
}

/** Only digits, at most ten of them: what the account number field keeps of what is typed or pasted. */
export function cleanAccountNumber(input: string): string {
  return input.replace(/\D/g, '').slice(0, BANK_ACCOUNT_NUMBER_LENGTH);
}

export interface BankAccount {
  accountNumber: string;
  bankCode: string;
}

export interface SavedBanking extends BankAccount {
  accountName: string | null;
  verified: boolean;
}

export type BankingState =
  | { kind: 'incomplete' }
  | { kind: 'saved'; accountName: string }
  | { kind: 'verifying' }
  | { kind: 'verified'; accountName: string }
  | { kind: 'failed'; message: string };

/**
 * Where the form stands for the pair on screen: the saved, verified pair needs nothing; any other
 * complete pair needs the bank's answer for exactly that pair.
 */
export function bankingState(
  pair: BankAccount,
  saved: SavedBanking | null,
  verification: { accountName: string | null; error: string | null; pending: boolean },
): BankingState {
  if (!canVerifyAccount(pair.accountNumber, pair.bankCode)) return { kind: 'incomplete' };
  if (saved?.verified && saved.accountName && saved.accountNumber === pair.accountNumber && saved.bankCode === pair.bankCode) {
    return { kind: 'saved', accountName: saved.accountName };
  }
  if (verification.error !== null) return { kind: 'failed', message: verification.error };
  if (verification.accountName !== null) return { kind: 'verified', accountName: verification.accountName };
  return { kind: 'verifying' };
}

/** Save is possible only for a newly verified pair. */
export function canSaveBanking(state: BankingState): state is Extract<BankingState, { kind: 'verified' }> {
  return state.kind === 'verified';
}
