import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { routes, type FuelRequest } from '@fleetfuel/contract';
import { FakeRefusal, TEST_ORGANIZATION_ID, answer, renderWithApp } from '@/test/render-with-app';
import { FuelRedeemForm } from './RedeemForms';

const approved: FuelRequest = {
  id: '00000000-0000-4000-8000-0000000000f1',
  vehicle: { id: '00000000-0000-4000-8000-0000000000b1', plateNumber: 'LND-451-KJ', make: 'Toyota', model: 'Hilux', type: 'VEHICLE' },
  organization: { id: TEST_ORGANIZATION_ID, name: 'Acme Logistics' },
  requestedBy: { id: '00000000-0000-4000-8000-0000000000d1', name: 'Musa Ibrahim' },
  supplyDate: '2026-11-24',
  station: { id: '00000000-0000-4000-8000-0000000000c1', name: 'Unity Fuels Ikeja', address: null },
  volume: 20,
  unit: 'L',
  fuelType: 'PETROL',
  currentOdometerReading: null,
  currentTankLevel: 20,
  status: 'APPROVED',
  note: null,
  createdAt: '2026-11-23T08:00:00.000Z',
  approvedBy: { id: '00000000-0000-4000-8000-0000000000d2', name: 'Ada Okafor' },
  approvedAt: '2026-11-23T09:00:00.000Z',
  rejectedBy: null,
  rejectedAt: null,
  rejectionNote: null,
  approvalNote: null,
  pricePerUnit: 1000,
  heldAmount: 20000,
  couponCode: 'ABCD-2345',
  couponExpiresAt: '2026-11-27T22:59:59.000Z',
  qrPayload: null,
  redeemedBy: null,
  redeemedAt: null,
  dispensedVolume: null,
  amount: null,
  flags: [],
};

const redeemed = { message: 'Coupon redeemed', request: { ...approved, status: 'COMPLETED' } };

function renderForm(options: { required: boolean; complete: (body: unknown) => unknown; sendCode?: () => unknown }) {
  const onError = vi.fn();
  const onDone = vi.fn();
  renderWithApp(
    <FuelRedeemForm
      request={approved}
      coupon={{ code: 'ABCD-2345' }}
      showMoney={false}
      driverConfirmationRequired={options.required}
      onDone={onDone}
      onCancel={() => undefined}
      onError={onError}
    />,
    {
      role: 'ATTENDANT',
      api: [
        answer(routes.fuelRequests.complete, ({ body }) => options.complete(body)),
        answer(routes.fuelRequests.confirmationCode, () => (options.sendCode ?? (() => ({ message: 'sent' })))()),
      ],
    },
  );
  return { onError, onDone, form: screen.getByRole('form', { name: 'Redeem fuel coupon' }) };
}

/** Confirm, once the form's own checks have run and enabled it. */
async function confirm(user: ReturnType<typeof userEvent.setup>, form: HTMLElement) {
  const button = within(form).getByRole('button', { name: 'Confirm' });
  await waitFor(() => expect(button).toHaveProperty('disabled', false));
  await user.click(button);
}

describe('FuelRedeemForm: the driver’s confirmation at the pump', () => {
  it('asks for nothing more when the organization does not require it', async () => {
    const user = userEvent.setup({ delay: null });
    const bodies: unknown[] = [];
    const { form, onDone } = renderForm({ required: false, complete: (body) => (bodies.push(body), redeemed) });
    expect(within(form).queryByLabelText(/Driver PIN or one-time code/)).toBeNull();
    expect(within(form).queryByRole('button', { name: 'Send code to driver' })).toBeNull();
    await confirm(user, form);
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(bodies).toEqual([{ code: 'ABCD-2345', dispensedVolume: 20 }]);
  });

  it('requires the PIN, sends it, and shows the server’s refusal', async () => {
    const user = userEvent.setup({ delay: null });
    const bodies: unknown[] = [];
    const { form, onError, onDone } = renderForm({
      required: true,
      complete: (body) => {
        bodies.push(body);
        return bodies.length === 1
          ? new FakeRefusal(422, {
              error: 'Wrong PIN or code; 4 tries left',
              message: 'Wrong PIN or code; 4 tries left',
              code: 'RULE_VIOLATION',
            })
          : redeemed;
      },
    });
    const box = within(form).getByRole('textbox', { name: /Driver PIN or one-time code/ });
    await confirm(user, form);
    expect(await within(form).findByText("Enter the driver's PIN or the one-time code")).toBeTruthy();
    expect(bodies).toEqual([]);

    await user.type(box, '12');
    await confirm(user, form);
    expect(await within(form).findByText('A PIN has 4 to 6 digits; a one-time code has 6')).toBeTruthy();

    await user.clear(box);
    await user.type(box, '0000');
    await confirm(user, form);
    await waitFor(() => expect(onError).toHaveBeenCalledWith('Wrong PIN or code; 4 tries left'));
    await user.clear(box);
    await user.type(box, '4821');
    await confirm(user, form);
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(bodies).toEqual([
      { code: 'ABCD-2345', dispensedVolume: 20, driverPin: '0000' },
      { code: 'ABCD-2345', dispensedVolume: 20, driverPin: '4821' },
    ]);
  });

  it('texts a code to the driver and sends the typed code as that code', async () => {
    const user = userEvent.setup({ delay: null });
    const bodies: unknown[] = [];
    const { form } = renderForm({
      required: true,
      complete: (body) => (bodies.push(body), redeemed),
      sendCode: () => ({ message: "A one-time code was sent to the driver's phone" }),
    });
    await user.click(within(form).getByRole('button', { name: 'Send code to driver' }));
    expect(await within(form).findByText("A one-time code was sent to the driver's phone")).toBeTruthy();
    await user.type(within(form).getByRole('textbox', { name: /Driver PIN or one-time code/ }), '123456');
    await confirm(user, form);
    await waitFor(() => expect(bodies).toEqual([{ code: 'ABCD-2345', dispensedVolume: 20, confirmationCode: '123456' }]));
  });

  it('shows why a code could not be sent', async () => {
    const user = userEvent.setup({ delay: null });
    const refusal = "The driver has no phone number; use the driver's PIN";
    const { form } = renderForm({
      required: true,
      complete: () => redeemed,
      sendCode: () => new FakeRefusal(422, { error: refusal, message: refusal, code: 'RULE_VIOLATION' }),
    });
    await user.click(within(form).getByRole('button', { name: 'Send code to driver' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(refusal);
  });
});
