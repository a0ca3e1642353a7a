import { describe, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, routes } from '@fleetfuel/contract';
import { answer, emptyPage, pressIncompleteSubmit, renderWithApp } from '@/test/render-with-app';
import { VehicleFormModal } from './VehicleFormModal';

const choiceLists = [answer(routes.departments.list, () => emptyPage()), answer(routes.drivers.list, () => emptyPage())];

describe('VehicleFormModal', () => {
  it('leaves Add Asset enabled: pressed too early, it sends nothing and names each missing field, a future purchase date too', async () => {
    const user = userEvent.setup({ delay: null });
    const { api } = renderWithApp(<VehicleFormModal opened onClose={vi.fn()} />, { api: choiceLists });
    const form = screen.getByRole('form', { name: 'Add asset' });
    const submit = within(form).getByRole('button', { name: 'Add Asset' });
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Asset Type' }), 'Vehicle');
    // A date input takes its value whole, as a browser's date picker gives it.
    const purchased = within(form).getByLabelText('Date of Purchase');
    fireEvent.change(purchased, { target: { value: '2999-01-01' } });

    await pressIncompleteSubmit(user, submit, api, [
      [within(form).getByRole('textbox', { name: 'Make' }), MESSAGES.required],
      [within(form).getByRole('textbox', { name: 'Plate Number' }), MESSAGES.required],
      [purchased, 'The purchase date cannot be in the future'],
    ]);
  });
});
