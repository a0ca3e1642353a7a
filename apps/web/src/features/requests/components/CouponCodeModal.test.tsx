import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { FuelRequest } from '@fleetfuel/contract';
import { approvedFuelRequest } from '@/test/fuel-request';
import { renderWithApp } from '@/test/render-with-app';
import { CouponCodeModal } from './CouponCodeModal';

const approved: FuelRequest = {
  ...approvedFuelRequest,
  volume: 40,
  currentTankLevel: 30,
  approvedBy: { id: '00000000-0000-4000-8000-0000000000d2', name: 'Tunde Bakare' },
  pricePerUnit: 950,
  heldAmount: 38000,
  couponCode: 'ABCD-EFGH',
  qrPayload: 'eyJhbGciOiJFZERTQSIsImtpZCI6ImsxIn0.eyJrIjoiRiJ9.c2lnbmF0dXJl',
};

describe('CouponCodeModal', () => {
  it('draws the QR code from the signed payload beside the typed code', async () => {
    renderWithApp(<CouponCodeModal request={approved} opened onClose={vi.fn()} onDownload={vi.fn()} downloading={false} />, {
      role: 'ADMINISTRATOR',
    });
    const qr = await screen.findByRole('img', { name: 'Coupon QR code' });
    // Dark modules are drawn as one path: a real QR matrix has hundreds of them.
    expect(qr.querySelector('path')?.getAttribute('d')?.split('M').length).toBeGreaterThan(200);
    expect(screen.getByLabelText('Coupon code').textContent).toBe('ABCD-EFGH');
  });

  it('says why there is no QR code when the request carries no payload', () => {
    renderWithApp(
      <CouponCodeModal request={{ ...approved, qrPayload: null }} opened onClose={vi.fn()} onDownload={vi.fn()} downloading={false} />,
      { role: 'STATION_REP' },
    );
    expect(screen.queryByRole('img', { name: 'Coupon QR code' })).toBeNull();
    expect(screen.getByText('This coupon has no QR code to show now: only an approved coupon has one.')).toBeTruthy();
  });
});
