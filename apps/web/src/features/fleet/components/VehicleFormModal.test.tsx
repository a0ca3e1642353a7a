import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { routes } from '@fleetfuel/contract';
import { answer, emptyPage, renderWithApp } from '@/test/render-with-app';
import { VehicleFormModal } from './VehicleFormModal';

const choiceLists = [answer(routes.departments.list, () => emptyPage()), answer(routes.drivers.list, () => emptyPage())];

describe('VehicleFormModal', () => {
  it('keeps Add Asset disabled and names each missing field, a future purchase date too', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithApp(<VehicleFormModal opened onClose={vi.fn()} />, { api: choiceLists });
    const form = screen.getByRole('form', { name: 'Add asset' });
    const submit = within(form).getByRole('button', { name: 'Add Asset' });
    await waitFor(() => expect(submit).toHaveProperty('disabled', true));

    await user.selectOptions(within(form).getByRole('combobox', { name: 'Asset Type' }), 'Vehicle');
    await user.click(within(form).getByRole('textbox', { name: 'Make' }));
    await user.click(within(form).getByRole('textbox', { name: 'Plate Number' }));
    await user.tab();
    expect(await within(form).findAllByText('This field is required')).toHaveLength(2);

    // A date input takes its value whole, as a browser's date picker gives it.
    const purchased = within(form).getByLabelText('Date of Purchase');
    fireEvent.change(purchased, { target: { value: '2999-01-01' } });
    fireEvent.blur(purchased);
    expect(await within(form).findByText('The purchase date cannot be in the future')).toBeTruthy();
    expect(submit).toHaveProperty('disabled', true);
  });
});
