/**
 * The review queue (issue 44): the flags with their filters, a flag's details, the organization
 * admin's review with the exact body it sends, and the assistant's read-only view.
 */
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PAGE_SIZE_DEFAULT, routes, type ReviewFlag } from '@fleetfuel/contract';
import { FakeRefusal, answer, pressIncompleteSubmit, renderWithApp } from '@/test/render-with-app';
import { overfillFlag, policyFlag } from '../flag-fixtures';
import { FlagsPanel } from './FlagsPanel';

/** The query of the last call to the queue. */
const lastListQuery = () =>
  Object.fromEntries(
    vi
      .mocked(fetch)
      .mock.calls.map(([input]) => new URL(input instanceof Request ? input.url : input, 'http://localhost'))
      .filter((url) => url.pathname === '/api/flags')
      .at(-1)?.searchParams ?? [],
  );

const listed = (flags: ReviewFlag[] = [overfillFlag, policyFlag]) =>
  answer(routes.flags.list, () => ({ data: flags, total: flags.length }));

function renderQueue(
  options: { role?: 'ADMINISTRATOR' | 'ASST_ADMINISTRATOR'; flags?: ReviewFlag[]; review?: (body: unknown) => unknown } = {},
) {
  const bodies: unknown[] = [];
  const rendered = renderWithApp(<FlagsPanel />, {
    role: options.role ?? 'ADMINISTRATOR',
    at: '/flags',
    api: [
      listed(options.flags),
      answer(routes.flags.review, ({ body }) => {
        bodies.push(body);
        return options.review ? options.review(body) : { message: 'Flag marked reviewed', flag: overfillFlag };
      }),
    ],
  });
  return { ...rendered, bodies };
}

async function openOverfill(user: ReturnType<typeof userEvent.setup>) {
  const table = await screen.findByRole('table', { name: 'Flags' });
  await user.click(await within(table).findByRole('button', { name: 'View Tank overfill on LND-451-KJ' }));
  return screen.findByRole('dialog', { name: 'Tank overfill' });
}

describe('FlagsPanel', () => {
  it('lists the flags waiting for a review, in plain words, and asks for the filters, search and sort chosen', async () => {
    const user = userEvent.setup({ delay: null });
    renderQueue();
    const table = await screen.findByRole('table', { name: 'Flags' });
    // The header, then one row a flag.
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    const rows = within(table).getAllByRole('row');
    const overfill = rows[1]!;
    for (const text of [
      'Critical',
      'Tank overfill',
      '65 L dispensed; tank holds 50 L',
      'LND-451-KJ',
      'Musa Ibrahim',
      'Unity Fuels Ikeja',
    ]) {
      expect(within(overfill).getByText(text)).toBeTruthy();
    }
    expect(within(overfill).getByText('Completed')).toBeTruthy();
    expect(within(overfill).getByText('To review')).toBeTruthy();
    expect(within(rows[2]!).getByText('Policy breach')).toBeTruthy();
    expect(within(rows[2]!).getByText('Pending')).toBeTruthy();
    expect(lastListQuery()).toEqual({ page: '1', pageSize: String(PAGE_SIZE_DEFAULT), status: 'OPEN' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter by status' }), 'CONFIRMED_FRAUD');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter by severity' }), 'critical');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter by flag' }), 'TANK_OVERFILL');
    fireEvent.change(screen.getByLabelText('From date'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('To date'), { target: { value: '2026-11-30' } });
    await user.type(screen.getByRole('textbox', { name: 'Search plate or driver' }), 'LND');
    await user.click(within(table).getByRole('button', { name: /^Raised/ }));
    await waitFor(() =>
      expect(lastListQuery()).toEqual({
        page: '1',
        pageSize: String(PAGE_SIZE_DEFAULT),
        status: 'CONFIRMED_FRAUD',
        severity: 'critical',
        code: 'TANK_OVERFILL',
        from: '2026-11-01',
        to: '2026-11-30',
        search: 'LND',
        sort: 'raisedAt',
        order: 'asc',
      }),
    );

    // "All statuses" leaves the status out.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter by status' }), '');
    await waitFor(() => expect(lastListQuery()).not.toHaveProperty('status'));
  });

  it("shows a flag's request in full, and sends a confirmed fraud's review with the naira recovered", async () => {
    const user = userEvent.setup({ delay: null });
    const { api, bodies } = renderQueue({
      review: () => ({ message: 'Flag marked confirmed fraud', flag: { ...overfillFlag, status: 'CONFIRMED_FRAUD' } }),
    });
    const dialog = await openOverfill(user);
    const value = (label: string) => within(dialog).getByRole('group', { name: label }).textContent;
    expect(within(dialog).getByText('65 L dispensed; tank holds 50 L')).toBeTruthy();
    expect(value('Requested')).toBe('Requested60 L');
    expect(value('Dispensed')).toBe('Dispensed65 L');
    expect(value('Held at approval')).toBe('Held at approval₦60,000.00');
    expect(value('Paid at the pump')).toBe('Paid at the pump₦65,000.00');
    expect(value('Driver')).toBe('DriverMusa Ibrahim');
    expect(value('Station')).toBe('StationUnity Fuels Ikeja');
    expect(value('Supply date')).toBe('Supply date24 Nov 2026');
    expect(within(dialog).getByText('Not reviewed yet.')).toBeTruthy();

    const form = within(dialog).getByRole('form', { name: 'Review flag' });
    // The naira recovered is asked for only with a confirmed fraud.
    expect(within(form).queryByRole('textbox', { name: /Amount recovered/ })).toBeNull();
    await user.click(within(form).getByRole('radio', { name: /^Suspected/ }));
    expect(within(form).queryByRole('textbox', { name: /Amount recovered/ })).toBeNull();
    await user.click(within(form).getByRole('radio', { name: /^Confirmed fraud/ }));
    await user.type(within(form).getByRole('textbox', { name: /^Note/ }), 'Siphoned into jerrycans');
    const amount = within(form).getByRole('textbox', { name: /Amount recovered/ });
    await user.type(amount, '70000');
    await user.tab();
    expect(await within(form).findByText('Cannot be more than the ₦65,000.00 paid for this fill')).toBeTruthy();
    const save = within(form).getByRole('button', { name: 'Save Review' });
    await pressIncompleteSubmit(user, save, api, [[amount, 'Cannot be more than the ₦65,000.00 paid for this fill']]);
    await user.clear(amount);
    await user.type(amount, '1,500.50');
    await user.click(save);
    expect(await screen.findByText('Flag marked confirmed fraud')).toBeTruthy();
    expect(bodies).toEqual([{ status: 'CONFIRMED_FRAUD', note: 'Siphoned into jerrycans', recoveredAmount: 1500.5 }]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Tank overfill' })).toBeNull());
  });

  it('sends no naira recovered with another verdict, and shows a refused field under it', async () => {
    const user = userEvent.setup({ delay: null });
    const refusal = 'Must be at most 500 characters';
    let refuse = true;
    const { bodies } = renderQueue({
      review: () =>
        refuse
          ? new FakeRefusal(400, { error: `note: ${refusal}`, message: `note: ${refusal}`, code: 'VALIDATION_ERROR', field: 'note' })
          : { message: 'Flag marked suspected', flag: { ...overfillFlag, status: 'SUSPECTED' } },
    });
    const dialog = await openOverfill(user);
    const form = within(dialog).getByRole('form', { name: 'Review flag' });
    await user.click(within(form).getByRole('radio', { name: /^Confirmed fraud/ }));
    await user.type(within(form).getByRole('textbox', { name: /Amount recovered/ }), '500');
    await user.click(within(form).getByRole('radio', { name: /^Suspected/ }));
    const note = within(form).getByRole('textbox', { name: /^Note/ });
    await user.type(note, 'Driver to explain');
    const save = within(form).getByRole('button', { name: 'Save Review' });
    await waitFor(() => expect(save).toHaveProperty('disabled', false));
    await user.click(save);

    // The field's own message, without the server's "note: " prefix, and the toast's.
    expect(await within(form).findByText(refusal)).toBeTruthy();
    expect(note.getAttribute('aria-invalid')).toBe('true');
    expect(bodies).toEqual([{ status: 'SUSPECTED', note: 'Driver to explain' }]);

    refuse = false;
    await user.type(note, '.');
    await waitFor(() => expect(save).toHaveProperty('disabled', false));
    await user.click(save);
    expect(await screen.findByText('Flag marked suspected')).toBeTruthy();
    expect(bodies.at(-1)).toEqual({ status: 'SUSPECTED', note: 'Driver to explain.' });
  });

  it('is read-only for the assistant: the flag and its review, without the review form', async () => {
    const user = userEvent.setup({ delay: null });
    const reviewed: ReviewFlag = {
      ...overfillFlag,
      status: 'CONFIRMED_FRAUD',
      note: 'Siphoned into jerrycans',
      recoveredAmount: 1500.5,
      reviewedBy: { id: '00000000-0000-4000-8000-000000000001', name: 'Ada Okafor' },
      reviewedAt: '2026-11-25T09:30:00.000Z',
    };
    const { api } = renderQueue({ role: 'ASST_ADMINISTRATOR', flags: [reviewed] });
    const dialog = await openOverfill(user);
    const review = within(dialog).getByRole('region', { name: 'Review' });
    expect(within(review).getByRole('group', { name: 'Verdict' }).textContent).toBe('VerdictConfirmed fraud');
    expect(within(review).getByRole('group', { name: 'Reviewed by' }).textContent).toBe('Reviewed byAda Okafor, 25 Nov 2026, 10:30');
    expect(within(review).getByRole('group', { name: 'Review note' }).textContent).toBe('Review noteSiphoned into jerrycans');
    expect(within(review).getByRole('group', { name: 'Recovered' }).textContent).toBe('Recovered₦1,500.50');
    expect(within(dialog).queryByRole('form', { name: 'Review flag' })).toBeNull();
    expect(within(dialog).queryByRole('radio')).toBeNull();
    expect(api.calls).not.toContain(`PATCH ${routes.flags.review.path}`);
  });
});
