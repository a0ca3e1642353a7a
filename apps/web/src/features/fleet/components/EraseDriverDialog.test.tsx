/**
 * Erasing a driver's personal data (issue 45): the organization admin's row menu offers it, the
 * dialog says what is removed and what is kept, and a refusal (an open coupon) shows the server's
 * words in the dialog, which stays open until the erasure goes through.
 */
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { routes, type Driver } from '@fleetfuel/contract';
import { FakeRefusal, TEST_ORGANIZATION_ID, answer, renderWithApp, sessionUser } from '@/test/render-with-app';
import { DriversPanel } from './DriversPanel';

const driver: Driver = {
  ...sessionUser('DRIVER'),
  id: '00000000-0000-4000-8000-0000000000e4',
  name: 'Amaka Nwankwo',
  organizationId: TEST_ORGANIZATION_ID,
  departmentId: null,
  department: null,
  passwordPending: false,
  frozen: null,
};
const OPEN_COUPON = 'This person holds an open coupon; erase them once it is redeemed or expires';

describe('erasing a driver’s personal data', () => {
  it('shows a refusal in the dialog, then erases on a second try', async () => {
    const user = userEvent.setup({ delay: null });
    let attempts = 0;
    const { api } = renderWithApp(<DriversPanel />, {
      api: [
        answer(routes.drivers.list, () => ({ data: [driver], meta: { page: 1, pageSize: 20, total: 1 } })),
        answer(routes.privacy.eraseDriver, () => {
          attempts += 1;
          return attempts === 1
            ? new FakeRefusal(409, { error: OPEN_COUPON, message: OPEN_COUPON, code: 'CONFLICT' })
            : { message: 'The personal data was erased', erasedAt: '2026-11-29T10:00:00.000Z' };
        }),
      ],
    });
    const table = screen.getByRole('table', { name: 'Drivers' });
    const row = (await within(table).findByText('Amaka Nwankwo')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Actions for Amaka Nwankwo' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Erase personal data', hidden: true }));

    const dialog = await screen.findByRole('dialog', { name: 'Erase personal data' });
    expect(within(dialog).getByText('Name, title, e-mail and phone number')).toBeTruthy();
    expect(within(dialog).getByText(/wallet entries and amounts, under the name “Erased person”/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Erase personal data' }));
    expect(await within(dialog).findByText(OPEN_COUPON)).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Erase personal data' }));
    expect(await screen.findByText('The personal data was erased')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Erase personal data' })).toBeNull());
    expect(api.calls.filter((call) => call === `POST ${routes.privacy.eraseDriver.path}`)).toHaveLength(2);
  });

  it('is not offered to the assistant admin', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithApp(<DriversPanel />, {
      role: 'ASST_ADMINISTRATOR',
      api: [answer(routes.drivers.list, () => ({ data: [driver], meta: { page: 1, pageSize: 20, total: 1 } }))],
    });
    const row = (await within(screen.getByRole('table', { name: 'Drivers' })).findByText('Amaka Nwankwo')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Actions for Amaka Nwankwo' }));
    expect(await screen.findByRole('menuitem', { name: 'Edit', hidden: true })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Erase personal data', hidden: true })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'Export personal data', hidden: true })).toBeNull();
  });
});
