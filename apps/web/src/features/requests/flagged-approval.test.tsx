import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, routes, type FuelRequest } from '@fleetfuel/contract';
import { pendingFuelRequest } from '@/test/fuel-request';
import { FakeRefusal, answer, fieldError, pressIncompleteSubmit, renderWithApp } from '@/test/render-with-app';
import { useFuelRequestActions } from './use-fuel-request-actions';
import { savedOrganizationSettings } from '@/test/organization-settings';

const NOTE_REQUIRED = 'A note is required to approve a flagged request';

const pending: FuelRequest = { ...pendingFuelRequest, volume: 40, currentTankLevel: 70 };
const flagged: FuelRequest = {
  ...pending,
  flags: [
    { code: 'TANK_OVERFILL', severity: 'warning', message: '40 L requested with the tank at 70% (56 L); 96 L is more than the 80 L tank' },
  ],
};

const settings = (requireNoteForFlaggedApproval: boolean) => ({
  settings: { ...savedOrganizationSettings, requireNoteForFlaggedApproval },
});

/** The row action of a request list, as the Fuel Tracking table calls it, with the dialogs it opens. */
function Approver({ request }: { request: FuelRequest }) {
  const { actions, dialogs } = useFuelRequestActions('ADMINISTRATOR', false);
  return (
    <>
      <button type="button" onClick={() => actions.onApprove(request)}>
        Open approval
      </button>
      {dialogs}
    </>
  );
}

function renderApprover(request: FuelRequest, options: { required: boolean; approve: (body: unknown) => unknown }) {
  const bodies: unknown[] = [];
  const rendered = renderWithApp(<Approver request={request} />, {
    api: [
      answer(routes.fuelRequests.stations, () => ({ stations: [] })),
      answer(routes.organizationSettings.get, () => settings(options.required)),
      answer(routes.fuelRequests.approve, ({ body }) => {
        bodies.push(body);
        return options.approve(body);
      }),
    ],
  });
  return { ...rendered, bodies };
}

const approved = { message: 'Fuel request approved.', request: { ...flagged, status: 'APPROVED' } };

describe('approving a flagged fuel request', () => {
  it('when the organization requires a note, Approve asks for one on the note; the server’s refusal shows in the dialog', async () => {
    const user = userEvent.setup({ delay: null });
    let refuse = true;
    const { bodies, api } = renderApprover(flagged, {
      required: true,
      approve: () =>
        refuse ? new FakeRefusal(422, { error: NOTE_REQUIRED, message: NOTE_REQUIRED, code: 'RULE_VIOLATION', field: 'note' }) : approved,
    });
    await waitFor(() => expect(api.calls).toContain(`GET ${routes.organizationSettings.get.path}`));
    await user.click(screen.getByRole('button', { name: 'Open approval' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve fuel request' });
    expect(within(dialog).getByText('Check this flag before approving')).toBeTruthy();

    const note = await within(dialog).findByRole('textbox', { name: /^Note/ });
    expect(note.getAttribute('required')).not.toBeNull();
    const approve = within(dialog).getByRole('button', { name: 'Approve' });
    await user.type(note, '   ');
    await pressIncompleteSubmit(user, approve, api, [[note, MESSAGES.required]]);
    expect(bodies).toEqual([]);

    await user.type(note, 'Long haul to Ibadan');
    expect(fieldError(note)).toBeNull();
    await user.click(approve);
    expect(await within(dialog).findByText(NOTE_REQUIRED)).toBeTruthy();
    expect(bodies).toEqual([{ note: 'Long haul to Ibadan' }]);

    refuse = false;
    await user.click(approve);
    expect(await screen.findByText('Fuel request approved.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Approve fuel request' })).toBeNull());
  });

  it('a note longer than 500 characters is not sent: Approve says why on the note', async () => {
    const user = userEvent.setup({ delay: null });
    const { bodies, api } = renderApprover(flagged, { required: false, approve: () => approved });
    await user.click(screen.getByRole('button', { name: 'Open approval' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve fuel request' });
    const note = within(dialog).getByRole('textbox', { name: 'Note (optional)' });
    await user.click(note);
    await user.paste('x'.repeat(501));
    await pressIncompleteSubmit(user, within(dialog).getByRole('button', { name: 'Approve' }), api, [[note, MESSAGES.maxLength(500)]]);
    expect(bodies).toEqual([]);
  });

  it('when no note is required, the note is optional and Approve is ready at once', async () => {
    const user = userEvent.setup({ delay: null });
    const { bodies, api } = renderApprover(flagged, { required: false, approve: () => approved });
    await waitFor(() => expect(api.calls).toContain(`GET ${routes.organizationSettings.get.path}`));
    await user.click(screen.getByRole('button', { name: 'Open approval' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve fuel request' });
    expect(within(dialog).getByRole('textbox', { name: 'Note (optional)' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Fuel request approved.')).toBeTruthy();
    expect(bodies).toEqual([{ note: '' }]);
  });

  it('a request without flags asks for no note, even when the organization requires one for flagged requests', async () => {
    const user = userEvent.setup({ delay: null });
    const { bodies, api } = renderApprover(pending, { required: true, approve: () => ({ ...approved, request: pending }) });
    await waitFor(() => expect(api.calls).toContain(`GET ${routes.organizationSettings.get.path}`));
    await user.click(screen.getByRole('button', { name: 'Open approval' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve fuel request' });
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Fuel request approved.')).toBeTruthy();
    expect(bodies).toEqual([{ note: '' }]);
  });
});
