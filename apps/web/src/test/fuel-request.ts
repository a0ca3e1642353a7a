/** An approved fuel coupon of the demo's shape, as a station previews it: the request and redemption tests start from it. */
import type { FuelRequest } from '@fleetfuel/contract';
import { TEST_ORGANIZATION_ID } from './render-with-app';

export const approvedFuelRequest: FuelRequest = {
  id: '00000000-0000-4000-8000-0000000000f1',
  vehicle: { id: '00000000-0000-4000-8000-0000000000b1', plateNumber: 'LND-451-KJ', make: 'Toyota', model: 'Hilux', type: 'VEHICLE' },
  organization: { id: TEST_ORGANIZATION_ID, name: 'Acme Logistics' },
  requestedBy: { id: '00000000-0000-4000-8000-0000000000d1', name: 'Musa Ibrahim' },
  supplyDate: '2026-11-24',
  station: { id: '00000000-0000-4000-8000-0000000000c1', name: 'Unity Fuels Ikeja', address: null },
  volume: 20,
  unit: 'L',
  fuelType: 'PETROL',
  currentOdometerReading: null,
  currentTankLevel: 20,
  status: 'APPROVED',
  note: null,
  createdAt: '2026-11-23T08:00:00.000Z',
  approvedBy: { id: '00000000-0000-4000-8000-0000000000d2', name: 'Ada Okafor' },
  approvedAt: '2026-11-23T09:00:00.000Z',
  rejectedBy: null,
  rejectedAt: null,
  rejectionNote: null,
  approvalNote: null,
  pricePerUnit: 1000,
  heldAmount: 20000,
  couponCode: 'ABCD-2345',
  couponExpiresAt: '2026-11-27T22:59:59.000Z',
  qrPayload: null,
  redeemedBy: null,
  redeemedAt: null,
  dispensedVolume: null,
  amount: null,
  flags: [],
  odometerExclusion: null,
};

/** The same request before a manager decides it: no approval, price, hold or coupon yet. */
export const pendingFuelRequest: FuelRequest = {
  ...approvedFuelRequest,
  status: 'PENDING',
  approvedBy: null,
  approvedAt: null,
  pricePerUnit: null,
  heldAmount: null,
  couponCode: null,
  couponExpiresAt: null,
};
