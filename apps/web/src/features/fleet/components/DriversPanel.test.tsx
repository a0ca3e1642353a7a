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

/** The address of the last call the page made to a path beginning with `prefix`. */
const lastCallUrl = (prefix: string) =>
  vi
    .mocked(fetch)
    .mock.calls.map(([input]) => new URL(input instanceof Request ? input.url : input, 'http://localhost'))
    .filter((url) => url.pathname.startsWith(prefix))
    .at(-1);
const lastExportUrl = () => lastCallUrl('/api/exports/');
const lastListQuery = () => Object.fromEntries(lastCallUrl('/api/drivers')?.searchParams ?? []);

const driver: Driver = {
  ...sessionUser('DRIVER'),
  id: '00000000-0000-4000-8000-0000000000e2',
  name: 'Chidi Eze',
  email: 'chidi@acme.test',
  organizationId: TEST_ORGANIZATION_ID,
  departmentId: null,
  department: null,
  passwordPending: false,
  frozen: null,
};
/** Imported without a password, and not yet through the invitation's link. */
const invitedDriver: Driver = {
  ...driver,
  id: '00000000-0000-4000-8000-0000000000e3',
  name: 'Ngozi Ibe',
  email: null,
  phone: '+2348035550202',
  passwordPending: true,
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

  it('offers "Resend invitation" only for a driver who has not chosen a password, and toasts where it went', async () => {
    const user = userEvent.setup({ delay: null });
    const { api } = renderWithApp(<DriversPanel />, {
      api: [
        answer(routes.drivers.list, () => ({ data: [driver, invitedDriver], meta: { page: 1, pageSize: 10, total: 2 } })),
        answer(routes.drivers.resendInvitation, () => ({ message: 'Invitation sent to +2348035550202' })),
      ],
    });
    const table = screen.getByRole('table', { name: 'Drivers' });
    const invitedRow = (await within(table).findByText('Ngozi Ibe')).closest('tr') as HTMLElement;
    const passwordRow = within(table).getByText('Chidi Eze').closest('tr') as HTMLElement;
    expect(within(invitedRow).getByText('Invited')).toBeTruthy();
    expect(within(passwordRow).queryByText('Invited')).toBeNull();

    await user.click(within(passwordRow).getByRole('button', { name: 'Actions for Chidi Eze' }));
    expect(await screen.findByRole('menuitem', { name: 'Edit', hidden: true })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Resend invitation', hidden: true })).toBeNull();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menuitem', { name: 'Edit', hidden: true })).toBeNull());

    await user.click(within(invitedRow).getByRole('button', { name: 'Actions for Ngozi Ibe' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Resend invitation', hidden: true }));
    expect(await screen.findByText('Invitation sent to +2348035550202')).toBeTruthy();
    expect(api.calls.filter((call) => call === `POST ${routes.drivers.resendInvitation.path}`)).toHaveLength(1);
    expect(lastCallUrl('/api/drivers/')?.pathname).toBe(`/api/drivers/${invitedDriver.id}/invitation`);
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

  it('opens the view its address names, and keeps a new sort, search and filter in the address', async () => {
    const user = userEvent.setup({ delay: null });
    const page = { data: [driver], meta: { page: 2, pageSize: 20, total: 25 } };
    const { address } = renderWithApp(<DriversPanel />, {
      at: '/drivers?page=2&search=chidi&sort=name&order=desc&status=ACTIVE',
      api: [answer(routes.drivers.list, () => page), answer(routes.exports.drivers, () => ({}))],
    });
    const table = screen.getByRole('table', { name: 'Drivers' });
    expect(await within(table).findByText('Chidi Eze')).toBeTruthy();
    expect(lastListQuery()).toEqual({ page: '2', pageSize: '20', search: 'chidi', sort: 'name', order: 'desc', status: 'ACTIVE' });
    expect(screen.getByPlaceholderText('Search name, email or phone')).toHaveProperty('value', 'chidi');
    expect(screen.getByRole('combobox', { name: 'Filter by status' })).toHaveProperty('value', 'ACTIVE');
    const nameHeader = within(table).getByRole('columnheader', { name: /^Name/ });
    expect(nameHeader.getAttribute('aria-sort')).toBe('descending');
    // Columns the server cannot sort by are plain headers.
    expect(within(table).getByRole('columnheader', { name: 'Vehicle' }).getAttribute('aria-sort')).toBeNull();

    // A third click on a sorted column returns the list to its own order; a new sort starts at page 1.
    await user.click(within(nameHeader).getByRole('button'));
    await waitFor(() => expect(address.search).toBe('?search=chidi&status=ACTIVE'));
    await user.click(within(within(table).getByRole('columnheader', { name: /^Email/ })).getByRole('button'));
    await waitFor(() =>
      expect(lastListQuery()).toEqual({ page: '1', pageSize: '20', search: 'chidi', sort: 'email', order: 'asc', status: 'ACTIVE' }),
    );
    expect(new URLSearchParams(address.search).get('sort')).toBe('email');

    // The export takes the filters and search, never the page or the sort.
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(Object.fromEntries(lastExportUrl()?.searchParams ?? [])).toEqual({ search: 'chidi', status: 'ACTIVE' }));
  });

  it('ignores a sort its address names that the list cannot sort by', async () => {
    renderWithApp(<DriversPanel />, {
      at: '/drivers?sort=password&order=desc',
      api: [answer(routes.drivers.list, () => ({ data: [driver], meta: { page: 1, pageSize: 20, total: 1 } }))],
    });
    expect(await screen.findByText('Chidi Eze')).toBeTruthy();
    expect(lastListQuery()).toEqual({ page: '1', pageSize: '20' });
  });
});
