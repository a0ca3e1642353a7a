import { describe, expect, it } from 'vitest';
import type { Transaction } from '@fleetfuel/contract';
import {
  changeBalanceFormSchema,
  settleFormSchema,
  signedAmount,
  toChangeBalanceBody,
  toSettleBody,
  toTopUpBody,
  topUpFormSchema,
} from './wallet-forms';
import { nextPaymentPoll, paymentOutcome, PAYMENT_POLL_ATTEMPTS } from './payment-return';

function messages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  if (result.success || !result.error) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('top-up form', () => {
  it("warns 'Please enter valid amount' when the amount is empty or not money", () => {
    expect(messages(topUpFormSchema.safeParse({ amount: '' })).amount).toBe('Please enter valid amount');
    expect(messages(topUpFormSchema.safeParse({ amount: '0' })).amount).toBe('Please enter valid amount');
    expect(messages(topUpFormSchema.safeParse({ amount: 'abc' })).amount).toBe('Please enter valid amount');
    expect(toTopUpBody({ amount: ' 50000 ' })).toEqual({ amount: 50000 });
  });
});

describe('change balance form', () => {
  it('needs a type, an amount and a note', () => {
    const errors = messages(changeBalanceFormSchema.safeParse({ type: '', amount: '', note: '' }));
    expect(errors.type).toBe('This field is required');
    expect(errors.amount).toBe('Please enter valid amount');
    expect(errors.note).toBeDefined();
    expect(toChangeBalanceBody({ type: 'DEBIT', amount: '1500.25', note: 'Correction' })).toEqual({
      type: 'DEBIT',
      amount: 1500.25,
      note: 'Correction',
    });
  });
});

describe('settle payout form', () => {
  it('pays everything when empty, and no more than is available', () => {
    expect(settleFormSchema(1000).safeParse({ amount: '' }).success).toBe(true);
    expect(toSettleBody({ amount: '' })).toEqual({});
    expect(toSettleBody({ amount: '250' })).toEqual({ amount: 250 });
    expect(messages(settleFormSchema(1000).safeParse({ amount: '1000.01' })).amount).toBe('Must not be more than the available balance');
    expect(messages(settleFormSchema(1000).safeParse({ amount: '-5' })).amount).toBe('Please enter valid amount');
  });
});

describe('signed amounts', () => {
  it('shows the direction of the money', () => {
    const format = (value: number) => `N${value}`;
    expect(signedAmount(500, 'CREDIT', format)).toBe('+N500');
    expect(signedAmount(-500, 'DEBIT', format)).toBe('−N500');
  });
});

function transaction(overrides: Partial<Transaction>): Transaction {
  return {
    id: 'P1',
    amount: 50000,
    direction: 'CREDIT',
    type: 'FUNDING',
    note: null,
    fee: 0,
    reference: 'FF-FUND-1',
    status: 'SUCCESS',
    createdAt: '2026-11-21T10:00:00Z',
    ...overrides,
  };
}

describe('payment return', () => {
  it('reads the outcome of the reference from the transactions', () => {
    expect(paymentOutcome([], 'FF-FUND-1')).toEqual({ kind: 'unknown' });
    expect(paymentOutcome([transaction({ status: 'PENDING', id: 'C1' })], 'FF-FUND-1').kind).toBe('pending');
    expect(paymentOutcome([transaction({ status: 'FAILED', id: 'C1' })], 'FF-FUND-1').kind).toBe('failed');
    expect(paymentOutcome([transaction({ status: 'EXPIRED', id: 'C1' })], 'FF-FUND-1').kind).toBe('failed');
    expect(paymentOutcome([transaction({ reference: 'OTHER' })], 'FF-FUND-1').kind).toBe('unknown');
  });

  it('prefers the credit of a card payment that also paid a subscription', () => {
    const outcome = paymentOutcome(
      [transaction({ id: 'P2', amount: -25000, direction: 'DEBIT', type: 'SUBSCRIPTION' }), transaction({ id: 'P1', amount: 25000 })],
      'FF-FUND-1',
    );
    expect(outcome).toMatchObject({ kind: 'success', transaction: { id: 'P1' } });
  });

  it('asks again a few times while the outcome is open, then stops', () => {
    expect(nextPaymentPoll({ kind: 'unknown' }, 1)).toBeGreaterThan(0);
    expect(nextPaymentPoll({ kind: 'unknown' }, PAYMENT_POLL_ATTEMPTS)).toBe(false);
    expect(nextPaymentPoll({ kind: 'success', transaction: transaction({}) }, 1)).toBe(false);
  });
});
