import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { FuelRequest } from '@fleetfuel/contract';
import { TEST_ORGANIZATION_ID, renderWithApp } from '@/test/render-with-app';
import { CouponCodeModal } from './CouponCodeModal';

const approved: FuelRequest = {
  id: '00000000-0000-4000-8000-0000000000f1',
  vehicle: { id: '00000000-0000-4000-8000-0000000000b1', plateNumber: 'LND-451-KJ', make: 'Toyota', model: 'Hilux', type: 'VEHICLE' },
  organization: { id: TEST_ORGANIZATION_ID, name: 'Acme Logistics' },
  requestedBy: { id: '00000000-0000-4000-8000-0000000000d1', name: 'Musa Ibrahim' },
  supplyDate: '2026-11-24',
  station: { id: '00000000-0000-4000-8000-0000000000c1', name: 'Unity Fuels Ikeja', address: null },
  volume: 40,
  unit: 'L',
  fuelType: 'PETROL',
  currentOdometerReading: null,
  currentTankLevel: 30,
  status: 'APPROVED',
  note: null,
  createdAt: '2026-11-23T08:00:00.000Z',
  approvedBy: { id: '00000000-0000-4000-8000-0000000000d2', name: 'Tunde Bakare' },
  approvedAt: '2026-11-23T09:00:00.000Z',
  rejectedBy: null,
  rejectedAt: null,
  rejectionNote: null,
  approvalNote: null,
  pricePerUnit: 950,
  heldAmount: 38000,
  couponCode: 'ABCD-EFGH',
  couponExpiresAt: '2026-11-27T22:59:59.000Z',
  qrPayload: 'eyJhbGciOiJFZERTQSIsImtpZCI6ImsxIn0.eyJrIjoiRiJ9.c2lnbmF0dXJl',
  redeemedBy: null,
  redeemedAt: null,
  dispensedVolume: null,
  amount: null,
  flags: [],
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
