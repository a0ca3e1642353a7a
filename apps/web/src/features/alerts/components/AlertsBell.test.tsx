/** The header bell: a fill waiting at the pump for a manager shows first, marked critical, and opens "Overrides waiting". */
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { routes, type Alert } from '@fleetfuel/contract';
import { answer, renderWithApp } from '@/test/render-with-app';
import { AlertsBell } from './AlertsBell';

const waiting: Alert = {
  kind: 'OVERRIDE_PENDING',
  severity: 'critical',
  subject: { type: 'POLICY_OVERRIDE', id: '00000000-0000-4000-8000-0000000004a1', label: 'LND-451-KJ' },
  message: 'Override needed at Unity Fuels Ikeja: 25 L for LND-451-KJ, which breaks: 25 L dispensed; the limit is 20 L per fill',
  dueDate: '2026-11-24',
};

describe('AlertsBell', () => {
  it('counts a pending override and links it to the Flags page where it is decided', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithApp(<AlertsBell role="ADMINISTRATOR" />, { api: [answer(routes.alerts.list, () => ({ alerts: [waiting], total: 1 }))] });

    await user.click(await screen.findByRole('button', { name: 'Alerts, 1' }));
    // `hidden`: happy-dom never ends the popover's transition, as the menus' tests find.
    const link = await screen.findByRole('link', { name: waiting.message, hidden: true });
    expect(link.getAttribute('href')).toBe('/flags#overrides-waiting-title');
    expect(within(link.closest('li') as HTMLElement).getByText('Critical')).toBeTruthy();
  });
});
