import { describe, expect, it } from 'vitest';
import { bankingState, canSaveBanking, canVerifyAccount, cleanAccountNumber } from './banking';

const noAnswer = { accountName: null, error: null, pending: false };

describe('bank account verification rule', () => {
  it('verifies only a 10-digit number with a chosen bank', () => {
    expect(canVerifyAccount('0123456780', '058')).toBe(true);
    expect(canVerifyAccount('012345678', '058')).toBe(false);
    expect(canVerifyAccount('01234567801', '058')).toBe(false);
    expect(canVerifyAccount('01234a6780', '058')).toBe(false);
    expect(canVerifyAccount('0123456780', '')).toBe(false);
  });

  it('keeps only digits, ten at most', () => {
    expect(cleanAccountNumber('0123 456-78099')).toBe('0123456780');
  });
});

describe('banking state', () => {
  const saved = { accountNumber: '0123456780', bankCode: '058', accountName: 'SANDBOX ACCOUNT 6780', verified: true };

  it('is incomplete until the rule allows a verification', () => {
    expect(bankingState({ accountNumber: '01234', bankCode: '058' }, null, noAnswer)).toEqual({ kind: 'incomplete' });
  });

  it('needs nothing for the saved, verified pair, and cannot save it again', () => {
    const state = bankingState({ accountNumber: '0123456780', bankCode: '058' }, saved, noAnswer);
    expect(state).toEqual({ kind: 'saved', accountName: 'SANDBOX ACCOUNT 6780' });
    expect(canSaveBanking(state)).toBe(false);
  });

  it('needs a new verification when the number or the bank changes', () => {
    expect(bankingState({ accountNumber: '0123456781', bankCode: '058' }, saved, noAnswer)).toEqual({ kind: 'verifying' });
    expect(bankingState({ accountNumber: '0123456780', bankCode: '044' }, saved, noAnswer)).toEqual({ kind: 'verifying' });
  });

  it('can save only what the bank confirmed', () => {
    const verified = bankingState({ accountNumber: '1111111111', bankCode: '044' }, saved, {
      ...noAnswer,
      accountName: 'SANDBOX ACCOUNT 1111',
    });
    expect(verified).toEqual({ kind: 'verified', accountName: 'SANDBOX ACCOUNT 1111' });
    expect(canSaveBanking(verified)).toBe(true);
    const failed = bankingState({ accountNumber: '0001111111', bankCode: '044' }, null, { ...noAnswer, error: 'Not found' });
    expect(failed).toEqual({ kind: 'failed', message: 'Not found' });
    expect(canSaveBanking(failed)).toBe(false);
  });

  it('treats saved details that were never verified as needing a verification', () => {
    expect(bankingState({ accountNumber: '0123456780', bankCode: '058' }, { ...saved, verified: false }, noAnswer)).toEqual({
      kind: 'verifying',
    });
  });
});
