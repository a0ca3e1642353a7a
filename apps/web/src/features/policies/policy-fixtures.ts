/** Policies, stations and fleet records as the API answers them, for the screen's tests. */
import type { FuelPolicyView } from '@fleetfuel/contract';
import { emptyPage } from '@/test/render-with-app';

export const IDS = {
  operations: '00000000-0000-4000-8000-0000000000d1',
  hilux: '00000000-0000-4000-8000-0000000000c1',
  musa: '00000000-0000-4000-8000-0000000000e1',
  unity: '00000000-0000-4000-8000-0000000000f1',
} as const;

const stamps = { createdAt: '2026-11-20T09:00:00.000Z', updatedAt: '2026-11-20T09:00:00.000Z' };

export function policy(id: number, fields: Omit<FuelPolicyView, 'id' | 'createdAt' | 'updatedAt'>): FuelPolicyView {
  return { ...fields, id: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`, ...stamps } as FuelPolicyView;
}

export const organizationScope = { type: 'ORGANIZATION', id: null, name: null } as const;

export const stationsReply = {
  stations: [{ id: IDS.unity, name: 'Unity Fuels Ikeja', address: null, imageUrl: null, availableFuels: [], prices: [] }],
};

export const vehiclesReply = {
  ...emptyPage(),
  data: [{ id: IDS.hilux, plateNumber: 'LND-451-KJ', make: 'Toyota', model: 'Hilux' }],
};

export const groupsReply = { ...emptyPage(), data: [{ id: IDS.operations, name: 'Operations' }] };
