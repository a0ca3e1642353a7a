/** Flags of the demo's shape for the review queue's tests. */
import type { ReviewFlag } from '@fleetfuel/contract';
import { TEST_ORGANIZATION_ID } from '@/test/render-with-app';

const FLAG_IDS = {
  overfill: '00000000-0000-4000-8000-0000000001f1',
  policy: '00000000-0000-4000-8000-0000000001f2',
  request: '00000000-0000-4000-8000-0000000000f1',
} as const;

/** A redeemed fill that put more in the tank than it holds: ₦65,000.00 paid. */
export const overfillFlag: ReviewFlag = {
  id: FLAG_IDS.overfill,
  code: 'TANK_OVERFILL',
  severity: 'critical',
  message: '65 L dispensed; tank holds 50 L',
  step: 'REDEMPTION',
  status: 'OPEN',
  raisedAt: '2026-11-24T10:15:00.000Z',
  note: null,
  recoveredAmount: null,
  reviewedBy: null,
  reviewedAt: null,
  request: {
    id: '00000000-0000-4000-8000-0000000000f9',
    status: 'COMPLETED',
    supplyDate: '2026-11-24',
    fuelType: 'PETROL',
    volume: 60,
    dispensedVolume: 65,
    heldAmount: 60000,
    amount: 65000,
  },
  vehicle: { id: '00000000-0000-4000-8000-0000000000b1', plateNumber: 'LND-451-KJ', make: 'Toyota', model: 'Hilux' },
  driver: { id: '00000000-0000-4000-8000-0000000000d1', name: 'Musa Ibrahim' },
  station: { id: '00000000-0000-4000-8000-0000000000c1', name: 'Unity Fuels Ikeja' },
  organization: { id: TEST_ORGANIZATION_ID, name: 'Acme Logistics' },
};

/** A request still waiting for approval that breaks a soft fuel policy. */
export const policyFlag: ReviewFlag = {
  ...overfillFlag,
  id: FLAG_IDS.policy,
  code: 'POLICY_BREACH',
  severity: 'warning',
  message: 'Max litres per fill: 40 L; 45 L requested',
  step: 'REQUEST',
  raisedAt: '2026-11-25T08:00:00.000Z',
  request: {
    id: FLAG_IDS.request,
    status: 'PENDING',
    supplyDate: '2026-11-25',
    fuelType: 'DIESEL',
    volume: 45,
    dispensedVolume: null,
    heldAmount: null,
    amount: null,
  },
  driver: null,
};
