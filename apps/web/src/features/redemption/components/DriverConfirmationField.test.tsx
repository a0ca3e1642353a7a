import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { routes } from '@fleetfuel/contract';
import { approvedFuelRequest as approved } from '@/test/fuel-request';
import { FakeRefusal, answer, renderWithApp } from '@/test/render-with-app';
import { FuelRedeemForm } from './RedeemForms';

const redeemed = { message: 'Coupon redeemed', request: { ...approved, status: 'COMPLETED' } };

function renderForm(options: { required: boolean; complete: (body: unknown) => unknown; sendCode?: () => unknown }) {
  const onError = vi.fn();
  const onDone = vi.fn();
  renderWithApp(
    <FuelRedeemForm
      request={approved}
      coupon={{ code: 'ABCD-2345' }}
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
  return { onError, onDone, form: currentForm() };
}

/** The form as shown now: the review replaces it, and a refusal brings it back. */
const currentForm = () => screen.getByRole('form', { name: 'Redeem fuel coupon' });
const pinBox = () => within(currentForm()).getByRole('textbox', { name: /Driver PIN or one-time code/ });

/** Review, once the form's own checks have run and enabled it. */
async function review(user: ReturnType<typeof userEvent.setup>) {
  const button = within(currentForm()).getByRole('button', { name: 'Review' });
  await waitFor(() => expect(button).toHaveProperty('disabled', false));
  await user.click(button);
}

/** Review, then Confirm on the review: the one button that moves money. */
async function confirm(user: ReturnType<typeof userEvent.setup>) {
  await review(user);
  const shown = await screen.findByRole('region', { name: 'Check before you confirm' });
  await user.click(within(shown).getByRole('button', { name: 'Confirm' }));
}

describe('FuelRedeemForm: the driver’s confirmation at the pump', () => {
  it('asks for nothing more when the organization does not require it', async () => {
    const user = userEvent.setup({ delay: null });
    const bodies: unknown[] = [];
    const { form, onDone } = renderForm({ required: false, complete: (body) => (bodies.push(body), redeemed) });
    expect(within(form).queryByLabelText(/Driver PIN or one-time code/)).toBeNull();
    expect(within(form).queryByRole('button', { name: 'Send code to driver' })).toBeNull();
    await confirm(user);
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
    await review(user);
    expect(await within(form).findByText("Enter the driver's PIN or the one-time code")).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Check before you confirm' })).toBeNull();
    expect(bodies).toEqual([]);

    await user.type(pinBox(), '12');
    await review(user);
    expect(await within(form).findByText('A PIN has 4 to 6 digits; a one-time code has 6')).toBeTruthy();

    await user.clear(pinBox());
    await user.type(pinBox(), '0000');
    await confirm(user);
    await waitFor(() => expect(onError).toHaveBeenCalledWith('Wrong PIN or code; 4 tries left'));
    // Refused: back on the form, the PIN kept for correcting.
    expect((pinBox() as HTMLInputElement).value).toBe('0000');
    await user.clear(pinBox());
    await user.type(pinBox(), '4821');
    await confirm(user);
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
    await user.type(pinBox(), '123456');
    await confirm(user);
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
