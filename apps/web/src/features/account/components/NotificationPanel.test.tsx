import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { routes, type NotificationPreferences, type Role } from '@fleetfuel/contract';
import { answer, renderWithApp } from '@/test/render-with-app';
import { NotificationPanel } from './NotificationPanel';

const saved: NotificationPreferences = {
  requestDecisions: true,
  couponRedeemed: true,
  walletFunded: true,
  expiryWarnings: true,
  subscriptionDue: true,
  supportReplies: true,
  dailyDigest: true,
  budgetAlerts: true,
};

function renderPanel(role: Role) {
  const bodies: unknown[] = [];
  renderWithApp(<NotificationPanel role={role} />, {
    role,
    api: [
      answer(routes.account.notifications, () => saved),
      answer(routes.account.updateNotifications, ({ body }) => {
        bodies.push(body);
        return { ...saved, ...(body as object) };
      }),
    ],
  });
  return { bodies };
}

describe('NotificationPanel: the daily digest of alerts', () => {
  it('shows an organization admin the digest with the other kinds, and saves turning it off', async () => {
    const user = userEvent.setup({ delay: null });
    const { bodies } = renderPanel('ASST_ADMINISTRATOR');
    const digest = await screen.findByRole('switch', { name: /^Daily digest of alerts/ });
    expect(digest).toHaveProperty('checked', true);
    // The six kinds everyone has, the digest and the fuel budget alerts.
    expect(screen.getAllByRole('switch')).toHaveLength(8);
    expect(screen.getByRole('switch', { name: /^Fuel budget alerts/ })).toHaveProperty('checked', true);

    await user.click(digest);
    expect(await screen.findByText('Daily digest of alerts e-mails off')).toBeTruthy();
    expect(bodies).toEqual([{ dailyDigest: false }]);
    await waitFor(() => expect(screen.getByRole('switch', { name: /^Daily digest of alerts/ })).toHaveProperty('checked', false));
  });

  it('does not offer it to a driver, who never receives one', async () => {
    renderPanel('DRIVER');
    expect(await screen.findByRole('switch', { name: /^Request decisions/ })).toBeTruthy();
    expect(screen.queryByRole('switch', { name: /^Daily digest of alerts/ })).toBeNull();
    expect(screen.queryByRole('switch', { name: /^Fuel budget alerts/ })).toBeNull();
    expect(screen.getAllByRole('switch')).toHaveLength(6);
  });
});
