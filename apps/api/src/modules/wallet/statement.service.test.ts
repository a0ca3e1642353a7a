import { formatNaira } from '@fleetfuel/contract';
import { describe, expect, it } from 'vitest';
import { movementKind, reconciliation } from './statement.service.js';

describe('statement pieces', () => {
  it('reconciles only when opening + movements = closing, and says so loudly when not', () => {
    expect(reconciliation(1_000_00n, -250_00n, 750_00n, formatNaira)).toEqual({
      reconciles: true,
      line: 'Opening ₦1,000.00 + movements -₦250.00 = closing ₦750.00',
    });
    const broken = reconciliation(1_000_00n, -250_00n, 750_01n, formatNaira);
    expect(broken.reconciles).toBe(false);
    expect(broken.line).toMatch(/^DOES NOT RECONCILE: .* but the ledger's closing balance is ₦750\.01$/);
  });

  it('names a posting by what caused it', () => {
    const base = { fuel_request_id: null, maintenance_id: null, payout_reference: null };
    expect(movementKind({ ...base, type: 'PAYMENT', fuel_request_id: 'f' })).toBe('Fuel redemption');
    expect(movementKind({ ...base, type: 'PAYMENT', maintenance_id: 'm' })).toBe('Maintenance job');
    expect(movementKind({ ...base, type: 'REFUND', payout_reference: 'FF-PAYOUT-1' })).toBe('Payout reversal');
    expect(movementKind({ ...base, type: 'CREDIT' })).toBe('Adjustment');
  });
});
