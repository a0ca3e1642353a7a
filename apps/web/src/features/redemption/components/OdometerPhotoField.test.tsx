import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { routes } from '@fleetfuel/contract';
import { approvedFuelRequest as approved } from '@/test/fuel-request';
import { answer, renderWithApp } from '@/test/render-with-app';
import { FuelRedeemForm } from './RedeemForms';

// The simulated browser draws no pictures: decoding and drawing are stood in for (globals, not a
// module mock, since test files share their modules), so the device's own shrinking still runs.
beforeEach(() => {
  vi.stubGlobal('createImageBitmap', () => Promise.resolve({ width: 4000, height: 3000, close: () => undefined }));
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
    drawImage: () => undefined,
  } as unknown as CanvasRenderingContext2D);
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((done: BlobCallback) =>
    done(new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], { type: 'image/jpeg' })),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const redeemed = { message: 'Coupon redeemed', request: { ...approved, status: 'COMPLETED' } };

function renderForm() {
  const calls: string[] = [];
  const bodies: unknown[] = [];
  const onDone = vi.fn();
  renderWithApp(
    <FuelRedeemForm
      request={approved}
      coupon={{ code: 'ABCD-2345' }}
      odometerRequired
      odometerPhotoRequired
      onDone={onDone}
      onCancel={() => undefined}
      onError={() => undefined}
    />,
    {
      role: 'ATTENDANT',
      api: [
        answer(routes.fuelRequests.evidence, () => {
          calls.push('photo');
          return { message: 'Photo of the odometer saved', evidence: [] };
        }),
        answer(routes.fuelRequests.complete, ({ body }) => {
          calls.push('redeem');
          bodies.push(body);
          return redeemed;
        }),
      ],
    },
  );
  return { calls, bodies, onDone };
}

const form = () => screen.getByRole('form', { name: 'Redeem fuel coupon' });

describe('FuelRedeemForm: odometer evidence the organization requires', () => {
  it('asks for the reading and the photo, then sends the photo before the redemption', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls, bodies, onDone } = renderForm();
    expect(within(form()).getByText('Required by the organization')).toBeTruthy();
    const odometer = within(form()).getByRole('textbox', { name: /Odometer \(km\)/ });
    await user.click(odometer);
    await user.tab();
    expect(await within(form()).findByText("Type the vehicle's odometer reading: this organization requires it at the pump")).toBeTruthy();

    await user.type(odometer, '45210');
    const reviewButton = within(form()).getByRole('button', { name: 'Review' });
    await waitFor(() => expect(reviewButton).toHaveProperty('disabled', false));
    await user.click(reviewButton);
    expect(await within(form()).findByText('Take a photo of the odometer')).toBeTruthy();
    expect(calls).toEqual([]);

    const file = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'odometer.jpg', { type: 'image/jpeg' });
    await user.upload(within(form()).getByLabelText('Odometer photo file'), file);
    // Shrinking runs off the main path: on a busy machine it may take more than the default second.
    expect(await within(form()).findByRole('img', { name: 'Photo of the odometer' }, { timeout: 10_000 })).toBeTruthy();
    expect(within(form()).getByRole('button', { name: 'Retake Photo' })).toBeTruthy();

    await user.click(within(form()).getByRole('button', { name: 'Review' }));
    const shown = await screen.findByRole('region', { name: 'Check before you confirm' });
    await user.click(within(shown).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(calls).toEqual(['photo', 'redeem']);
    expect(bodies).toEqual([{ code: 'ABCD-2345', dispensedVolume: 20, odometer: 45210 }]);
  });
});
