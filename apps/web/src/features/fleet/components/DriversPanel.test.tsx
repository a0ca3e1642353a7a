import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { routes, type Driver } from '@fleetfuel/contract';
import { TEST_ORGANIZATION_ID, answer, renderWithApp, sessionUser } from '@/test/render-with-app';
import { DriversPanel } from './DriversPanel';
import type * as Download from '@/lib/download';

const saved = vi.hoisted(() => [] as string[]);
vi.mock('@/lib/download', async (original) => ({
  ...(await original<typeof Download>()),
  saveFile: (file: { filename: string }) => saved.push(file.filename),
}));

/** The address of the last export the page fetched. */
const lastExportUrl = () =>
  vi
    .mocked(fetch)
    .mock.calls.map(([input]) => new URL(input instanceof Request ? input.url : input, 'http://localhost'))
    .filter((url) => url.pathname.startsWith('/api/exports/'))
    .at(-1);

const driver: Driver = {
  ...sessionUser('DRIVER'),
  id: '00000000-0000-4000-8000-0000000000e2',
  name: 'Chidi Eze',
  email: 'chidi@acme.test',
  organizationId: TEST_ORGANIZATION_ID,
  departmentId: null,
  department: null,
};

/** The list page as the shared CrudListPage draws it for Drivers: the table, the row menu, the confirm dialog. */
describe('DriversPanel', () => {
  it('lists the drivers and deletes one after confirmation, with the server message as the toast', async () => {
    const user = userEvent.setup({ delay: null });
    const { api } = renderWithApp(<DriversPanel />, {
      api: [
        answer(routes.drivers.list, () => ({ data: [driver], meta: { page: 1, pageSize: 10, total: 1 } })),
        answer(routes.drivers.remove, () => ({ message: 'Driver deleted' })),
      ],
    });
    const table = screen.getByRole('table', { name: 'Drivers' });
    expect(await within(table).findByText('Chidi Eze')).toBeTruthy();
    expect(within(table).getByRole('columnheader', { name: 'Actions' })).toBeTruthy();

    await user.click(within(table).getByRole('button', { name: 'Actions for Chidi Eze' }));
    // Mantine's dropdown transition leaves the items hidden to happy-dom's visibility check.
    await user.click(await screen.findByRole('menuitem', { name: 'Delete', hidden: true }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete driver' });
    expect(within(dialog).getByText('Chidi Eze')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Driver deleted')).toBeTruthy();
    expect(api.calls).toContain(`DELETE ${routes.drivers.remove.path}`);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete driver' })).toBeNull());
  });

  it("exports the drivers the table's search matches, without its paging", async () => {
    const user = userEvent.setup({ delay: null });
    const { api } = renderWithApp(<DriversPanel />, {
      api: [
        answer(routes.drivers.list, () => ({ data: [driver], meta: { page: 1, pageSize: 10, total: 1 } })),
        answer(routes.exports.drivers, () => ({})),
      ],
    });
    await user.type(screen.getByPlaceholderText('Search name, email or phone'), 'chidi');
    await waitFor(() => expect(api.calls.filter((call) => call === `GET ${routes.drivers.list.path}`).length).toBeGreaterThan(1));
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const url = lastExportUrl();
    expect(url?.pathname).toBe('/api/exports/drivers.csv');
    expect(Object.fromEntries(url?.searchParams ?? [])).toEqual({ search: 'chidi' });
  });
});
