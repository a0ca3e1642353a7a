import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { routes, type Driver } from '@fleetfuel/contract';
import { TEST_ORGANIZATION_ID, answer, renderWithApp, sessionUser } from '@/test/render-with-app';
import { DriversPanel } from './DriversPanel';

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
});
