import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { routes } from '@fleetfuel/contract';
import { answer, pressIncompleteSubmit, renderWithApp } from '@/test/render-with-app';
import { OrganizationSettingsPanel } from './OrganizationSettingsPanel';
import { savedOrganizationSettings } from '@/test/organization-settings';

function renderPanel(editable: boolean) {
  const bodies: unknown[] = [];
  const rendered = renderWithApp(<OrganizationSettingsPanel editable={editable} />, {
    role: editable ? 'ADMINISTRATOR' : 'ASST_ADMINISTRATOR',
    api: [
      answer(routes.organizationSettings.get, () => ({ settings: savedOrganizationSettings })),
      answer(routes.fuelRequests.stations, () => ({ stations: [] })),
      answer(routes.organizationSettings.update, ({ body }) => {
        bodies.push(body);
        return { settings: { ...savedOrganizationSettings, ...(body as object) } };
      }),
    ],
  });
  return { ...rendered, bodies };
}

describe('OrganizationSettingsPanel: the low balance threshold and the note for flagged approvals', () => {
  it('checks the threshold as the API does, and saves it with the switch', async () => {
    const user = userEvent.setup({ delay: null });
    const { api, bodies } = renderPanel(true);
    const form = await screen.findByRole('form', { name: 'Organization preferences' });
    const threshold = within(form).getByRole('spinbutton', { name: /^Low balance alert threshold \(₦\)/ });
    expect(threshold).toHaveProperty('value', '50000');
    const requireNote = within(form).getByRole('switch', { name: /^Require a note to approve a flagged request/ });
    expect(requireNote).toHaveProperty('checked', false);

    await user.clear(threshold);
    await user.tab();
    expect(await within(form).findByText('This field is required')).toBeTruthy();
    await user.type(threshold, '12.345');
    expect(await within(form).findByText('Please enter valid amount')).toBeTruthy();
    await pressIncompleteSubmit(user, within(form).getByRole('button', { name: 'Save Settings' }), api, [
      [threshold, 'Please enter valid amount'],
    ]);

    await user.clear(threshold);
    await user.type(threshold, '75000.5');
    await user.click(requireNote);
    await waitFor(() => expect(within(form).queryByText('Please enter valid amount')).toBeNull());
    await user.click(within(form).getByRole('button', { name: 'Save Settings' }));

    expect(await screen.findByText('Settings Updated!')).toBeTruthy();
    expect(bodies).toEqual([expect.objectContaining({ lowBalanceThreshold: 75000.5, requireNoteForFlaggedApproval: true })]);
  });

  it('saves the driver confirmation switch', async () => {
    const user = userEvent.setup({ delay: null });
    const { bodies } = renderPanel(true);
    const form = await screen.findByRole('form', { name: 'Organization preferences' });
    const confirmation = within(form).getByRole('switch', { name: /^Require driver confirmation at the pump/ });
    expect(confirmation).toHaveProperty('checked', false);
    await user.click(confirmation);
    await user.click(within(form).getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Settings Updated!')).toBeTruthy();
    expect(bodies).toEqual([expect.objectContaining({ requireDriverConfirmation: true })]);
  });

  it("saves the vehicle's sticker switch", async () => {
    const user = userEvent.setup({ delay: null });
    const { bodies } = renderPanel(true);
    const form = await screen.findByRole('form', { name: 'Organization preferences' });
    const sticker = within(form).getByRole('switch', { name: /^Require the vehicle's sticker at the pump/ });
    expect(sticker).toHaveProperty('checked', false);
    await user.click(sticker);
    await user.click(within(form).getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Settings Updated!')).toBeTruthy();
    expect(bodies).toEqual([expect.objectContaining({ requireVehicleScan: true })]);
  });

  it('saves the odometer switches together', async () => {
    const user = userEvent.setup({ delay: null });
    const { bodies } = renderPanel(true);
    const form = await screen.findByRole('form', { name: 'Organization preferences' });
    await user.click(within(form).getByRole('switch', { name: /^Require the odometer reading at the pump/ }));
    await user.click(within(form).getByRole('switch', { name: /^Require a photo of the odometer/ }));
    await user.click(within(form).getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Settings Updated!')).toBeTruthy();
    expect(bodies).toEqual([expect.objectContaining({ requireOdometerAtPump: true, requireOdometerPhoto: true })]);
  });

  it('saves the choice of texts without accents', async () => {
    const user = userEvent.setup({ delay: null });
    const { bodies } = renderPanel(true);
    const form = await screen.findByRole('form', { name: 'Organization preferences' });
    const ascii = within(form).getByRole('switch', { name: /^Send texts without accents/ });
    expect(within(form).getByText(/half the cost, and easier on old phones/)).toBeTruthy();
    await user.click(ascii);
    await user.click(within(form).getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Settings Updated!')).toBeTruthy();
    expect(bodies).toEqual([expect.objectContaining({ asciiTexts: true })]);
  });

  it('shows both to the assistant, who cannot change them', async () => {
    renderPanel(false);
    const form = await screen.findByRole('form', { name: 'Organization preferences' });
    expect(within(form).getByRole('spinbutton', { name: /^Low balance alert threshold \(₦\)/ })).toHaveProperty('readOnly', true);
    expect(within(form).getByRole('switch', { name: /^Require a note to approve a flagged request/ })).toHaveProperty('disabled', true);
    expect(within(form).queryByRole('button', { name: 'Save Settings' })).toBeNull();
  });
});
