/**
 * The fuel policy form: each rule gets its own value input, the body sent is the contract's, the
 * contract's messages show under the input, and a refusal of the API names the input it is about.
 */
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { routes } from '@fleetfuel/contract';
import { FakeRefusal, answer, pressIncompleteSubmit, renderWithApp, type FakeRoute } from '@/test/render-with-app';
import { IDS, groupsReply, organizationScope, policy, stationsReply, vehiclesReply } from '../policy-fixtures';
import { PolicyFormModal } from './PolicyFormModal';

/** Opens the add form over a fake API that records each body it is sent. */
function openAddForm(extra: FakeRoute[] = [], reply: (body: unknown) => unknown = () => ({ message: 'Fuel policy saved' })) {
  const onClose = vi.fn();
  const sent: unknown[] = [];
  const rendered = renderWithApp(<PolicyFormModal opened onClose={onClose} />, {
    api: [
      answer(routes.fuelPolicies.create, ({ body }) => {
        sent.push(body);
        return reply(body);
      }),
      ...extra,
    ],
  });
  const form = screen.getByRole('form', { name: 'Add fuel policy' });
  return { ...rendered, form, sent, onClose, submit: within(form).getByRole('button', { name: 'Add Policy' }) };
}

const chooseRule = (user: UserEvent, form: HTMLElement, rule: string) =>
  user.selectOptions(within(form).getByRole('combobox', { name: 'Rule' }), rule);

async function submitValid(user: UserEvent, submit: HTMLElement) {
  expect(submit).toHaveProperty('disabled', false);
  await user.click(submit);
}

describe('PolicyFormModal', () => {
  it('adds a litres limit for one vehicle, flagged rather than refused', async () => {
    const user = userEvent.setup({ delay: null });
    const { form, sent, submit, onClose } = openAddForm([answer(routes.vehicles.list, () => vehiclesReply)]);
    await chooseRule(user, form, 'MAX_LITRES_PER_FILL');
    await user.type(within(form).getByRole('textbox', { name: 'Litres' }), '40');
    await user.click(within(form).getByRole('radio', { name: 'Let through, flagged' }));
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Applies to' }), 'VEHICLE');
    await within(form).findByRole('option', { name: 'LND-451-KJ' });
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Vehicle' }), IDS.hilux);
    await submitValid(user, submit);

    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(sent).toEqual([{ rule: 'MAX_LITRES_PER_FILL', value: 40, enforcement: 'SOFT', scope: { type: 'VEHICLE', id: IDS.hilux } }]);
    expect(await screen.findByText('Fuel policy saved')).toBeTruthy();
  });

  it('adds allowed days for the organization, in the week’s order', async () => {
    const user = userEvent.setup({ delay: null });
    const { form, sent, submit, onClose } = openAddForm();
    await chooseRule(user, form, 'ALLOWED_DAYS');
    for (const day of ['Fri', 'Mon', 'Wed']) await user.click(within(form).getByRole('checkbox', { name: day }));
    await submitValid(user, submit);

    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(sent).toEqual([{ rule: 'ALLOWED_DAYS', value: ['FRI', 'MON', 'WED'], enforcement: 'HARD', scope: { type: 'ORGANIZATION' } }]);
  });

  it('adds allowed hours across midnight for a group, and refuses a window that starts and ends at once', async () => {
    const user = userEvent.setup({ delay: null });
    const { api, form, sent, submit, onClose } = openAddForm([answer(routes.departments.list, () => groupsReply)]);
    await chooseRule(user, form, 'ALLOWED_HOURS');
    fireEvent.change(within(form).getByLabelText(/^From/), { target: { value: '22:00' } });
    fireEvent.change(within(form).getByLabelText(/^To/), { target: { value: '22:00' } });
    fireEvent.blur(within(form).getByLabelText(/^To/));
    expect(await within(form).findByText('The window cannot start and end at once')).toBeTruthy();
    await pressIncompleteSubmit(user, submit, api, [[within(form).getByLabelText(/^To/), 'The window cannot start and end at once']]);

    fireEvent.change(within(form).getByLabelText(/^To/), { target: { value: '05:00' } });
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Applies to' }), 'GROUP');
    await within(form).findByRole('option', { name: 'Operations' });
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Group' }), IDS.operations);
    await submitValid(user, submit);

    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(sent).toEqual([
      { rule: 'ALLOWED_HOURS', value: { from: '22:00', to: '05:00' }, enforcement: 'HARD', scope: { type: 'GROUP', id: IDS.operations } },
    ]);
  });

  it('adds a weekly naira budget typed with thousands separators, refusing a third decimal', async () => {
    const user = userEvent.setup({ delay: null });
    const { form, sent, submit } = openAddForm();
    await chooseRule(user, form, 'WEEKLY_BUDGET_NAIRA');
    const amount = within(form).getByRole('textbox', { name: 'Amount' });
    await user.type(amount, '150,000.505');
    await user.tab();
    expect(await within(form).findByText('Please enter valid amount')).toBeTruthy();
    await user.clear(amount);
    await user.type(amount, '150,000.50');
    await submitValid(user, submit);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ rule: 'WEEKLY_BUDGET_NAIRA', value: 150000.5, enforcement: 'HARD', scope: { type: 'ORGANIZATION' } });
  });

  it('adds a rule that takes no value as `true`', async () => {
    const user = userEvent.setup({ delay: null });
    const { form, sent, submit } = openAddForm();
    await chooseRule(user, form, 'VALID_INSURANCE');
    expect(within(form).getByText('This rule takes no value: it is on or off.')).toBeTruthy();
    await submitValid(user, submit);
    await waitFor(() =>
      expect(sent).toEqual([{ rule: 'VALID_INSURANCE', value: true, enforcement: 'HARD', scope: { type: 'ORGANIZATION' } }]),
    );
  });

  it('adds allowed stations chosen by name', async () => {
    const user = userEvent.setup({ delay: null });
    const { form, sent, submit } = openAddForm([answer(routes.fuelRequests.stations, () => stationsReply)]);
    await chooseRule(user, form, 'ALLOWED_STATIONS');
    await user.click(within(form).getByLabelText(/^Stations fuel is allowed at/));
    // Mantine's dropdown is still in its opening transition: hidden to queries that skip hidden elements.
    await user.click(await screen.findByRole('option', { name: 'Unity Fuels Ikeja', hidden: true }));
    await submitValid(user, submit);
    await waitFor(() =>
      expect(sent).toEqual([{ rule: 'ALLOWED_STATIONS', value: [IDS.unity], enforcement: 'HARD', scope: { type: 'ORGANIZATION' } }]),
    );
  });

  it('shows the API’s 422 refusal under the input it names and as the error toast, and stays open', async () => {
    const user = userEvent.setup({ delay: null });
    const refusal = 'The organization has no such vehicle';
    const { form, submit, onClose } = openAddForm(
      [answer(routes.vehicles.list, () => vehiclesReply)],
      () => new FakeRefusal(422, { error: refusal, message: refusal, code: 'VALIDATION_FAILED', field: 'scope.id' }),
    );
    await chooseRule(user, form, 'MIN_HOURS_BETWEEN_FILLS');
    await user.type(within(form).getByRole('textbox', { name: 'Hours' }), '12');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Applies to' }), 'VEHICLE');
    await within(form).findByRole('option', { name: 'LND-451-KJ' });
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Vehicle' }), IDS.hilux);
    await submitValid(user, submit);

    // Under the vehicle picker, and in the toast.
    await waitFor(() => expect(screen.getAllByText(refusal)).toHaveLength(2));
    const vehicle = within(form).getByRole('combobox', { name: 'Vehicle' });
    expect(vehicle.getAttribute('aria-invalid')).toBe('true');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('edits a policy with its values in place and sends it with PUT', async () => {
    const user = userEvent.setup({ delay: null });
    const existing = policy(1, { rule: 'WEEKLY_LITRES', value: 200, enforcement: 'SOFT', scope: organizationScope });
    const sent: unknown[] = [];
    const onClose = vi.fn();
    renderWithApp(<PolicyFormModal opened onClose={onClose} record={existing} />, {
      api: [
        answer(routes.fuelPolicies.update, ({ body }) => {
          sent.push(body);
          return { message: 'Fuel policy saved' };
        }),
      ],
    });
    const form = screen.getByRole('form', { name: 'Edit fuel policy' });
    const litres = within(form).getByRole('textbox', { name: 'Litres' });
    expect(litres).toHaveProperty('value', '200');
    expect(within(form).getByRole('radio', { name: 'Let through, flagged' })).toHaveProperty('checked', true);
    await user.clear(litres);
    await user.type(litres, '250');
    await user.click(within(form).getByRole('radio', { name: 'Refuse' }));
    await submitValid(user, within(form).getByRole('button', { name: 'Save Policy' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(sent).toEqual([{ rule: 'WEEKLY_LITRES', value: 250, enforcement: 'HARD', scope: { type: 'ORGANIZATION' } }]);
  });
});
