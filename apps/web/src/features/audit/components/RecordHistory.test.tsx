import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { useQueryClient } from '@tanstack/react-query';
import { routes, type AuditEntry } from '@fleetfuel/contract';
import { useAuth } from '@/lib/auth';
import { answer, renderWithApp } from '@/test/render-with-app';
import { RecordHistory } from './RecordHistory';

const VEHICLE_ID = '00000000-0000-4000-8000-0000000000c1';

const parked: AuditEntry = {
  id: '41',
  occurredAt: '2026-11-20T09:30:00.000Z',
  actor: { id: '00000000-0000-4000-8000-0000000000b1', name: 'Tunde Bakare', role: 'ADMINISTRATOR' },
  action: 'vehicle.status_changed',
  entityType: 'vehicle',
  entityId: VEHICLE_ID,
  changes: { status: { before: 'ACTIVE', after: 'INACTIVE' } },
  ipAddress: '203.0.113.9',
  note: null,
};

const historyReply = (entries: AuditEntry[]) =>
  answer(routes.audit.list, () => ({ entries, meta: { page: 1, pageSize: 10, total: entries.length } }));

/**
 * Placed after the component, so its effects run after the component's own in each commit: once
 * the signed-in user is there, it notes that role and how many queries are fetching by then (a
 * query the component started would already count).
 */
function SettledProbe({ onSettled }: { onSettled: (settled: { role: string; fetching: number }) => void }) {
  const { user, loading } = useAuth();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!loading && user) onSettled({ role: user.role, fetching: queryClient.isFetching() });
  });
  return null;
}

describe('RecordHistory', () => {
  it('shows the record’s entries to a reader of the audit log: who, what changed, from where', async () => {
    const { api } = renderWithApp(<RecordHistory entityType="vehicle" entityId={VEHICLE_ID} />, {
      role: 'ADMINISTRATOR',
      api: [historyReply([parked])],
    });
    expect(await screen.findByRole('heading', { name: 'History' })).toBeTruthy();
    const table = screen.getByRole('table', { name: 'History' });
    expect(within(table).getByText('Asset status changed')).toBeTruthy();
    expect(within(table).getByText('Tunde Bakare')).toBeTruthy();
    expect(within(table).getByText('203.0.113.9')).toBeTruthy();
    expect(within(table).getByText(/Active → Inactive/)).toBeTruthy();
    expect(api.calls).toContain(`GET ${routes.audit.list.path}`);
  });

  it('shows nothing while the record has no history', async () => {
    const { api } = renderWithApp(<RecordHistory entityType="fuel_station" entityId={VEHICLE_ID} />, {
      role: 'ADMIN',
      api: [historyReply([])],
    });
    await waitFor(() => expect(api.calls).toContain(`GET ${routes.audit.list.path}`));
    expect(screen.queryByRole('heading', { name: 'History' })).toBeNull();
  });

  it('asks nothing and shows nothing for a role that may not read the audit log (a driver on its vehicle)', async () => {
    // Answered, so that a request would show a panel: the test fails if the component asks.
    let settled: { role: string; fetching: number } | undefined;
    const { api } = renderWithApp(
      <>
        <RecordHistory entityType="vehicle" entityId={VEHICLE_ID} />
        <SettledProbe onSettled={(state) => (settled = state)} />
      </>,
      { role: 'DRIVER', api: [historyReply([parked])] },
    );
    // The app is idle: the driver is signed in and nothing is being fetched.
    await waitFor(() => expect(settled).toEqual({ role: 'DRIVER', fetching: 0 }));
    expect(api.calls).toEqual([`GET ${routes.auth.me.path}`]);
    expect(screen.queryByRole('heading', { name: 'History' })).toBeNull();
    expect(screen.queryByText('Asset status changed')).toBeNull();
  });
});
