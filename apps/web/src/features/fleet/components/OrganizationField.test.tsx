import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { routes } from '@fleetfuel/contract';
import { answer, emptyPage, renderWithApp } from '@/test/render-with-app';
import { DriverFormModal } from './DriverFormModal';
import { GroupFormModal } from './GroupFormModal';
import { VehicleFormModal } from './VehicleFormModal';

const clients = answer(routes.organizations.list, () => ({
  data: [{ id: '00000000-0000-4000-8000-0000000000a1', name: 'Acme Logistics', status: 'ACTIVE' }],
  meta: { page: 1, pageSize: 100, total: 1 },
}));
const api = [clients, answer(routes.departments.list, () => emptyPage()), answer(routes.drivers.list, () => emptyPage())];

describe('the platform admin names the client of a new asset, driver or group', () => {
  const forms = [
    { form: 'Add asset', modal: <VehicleFormModal opened onClose={vi.fn()} />, hasGroup: true },
    { form: 'Add driver', modal: <DriverFormModal opened onClose={vi.fn()} />, hasGroup: true },
    { form: 'Add group', modal: <GroupFormModal opened onClose={vi.fn()} />, hasGroup: false },
  ];
  for (const { form: formName, modal, hasGroup } of forms) {
    it(`${formName}: the Client comes first, and the groups to choose from wait for it`, async () => {
      const user = userEvent.setup({ delay: null });
      renderWithApp(modal, { role: 'ADMIN', api });
      const form = screen.getByRole('form', { name: formName });
      const client = await within(form).findByRole('combobox', { name: /^Client/ });
      const group = () => within(form).getByRole('combobox', { name: /^Group/ });
      if (hasGroup) expect(group()).toHaveProperty('disabled', true);
      await within(client).findByRole('option', { name: 'Acme Logistics' });
      await user.selectOptions(client, 'Acme Logistics');
      if (hasGroup) await waitFor(() => expect(group()).toHaveProperty('disabled', false));
    });
  }
});
