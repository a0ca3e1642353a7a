/**
 * The collapsed side menu names its icons in tooltips, mounted once a pointer comes into the menu
 * (issue 16: they are not part of a phone's first screen); the names still show on the first hover.
 */
import { AppShell, MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, theme } from '@/lib/theme';
import { SideNav } from './SideNav';

function renderMenu(collapsed: boolean) {
  return render(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <MemoryRouter>
        <AppShell navbar={{ width: collapsed ? 72 : 240, breakpoint: 0 }}>
          <SideNav role="ADMINISTRATOR" collapsed={collapsed} onNavigate={() => undefined} />
        </AppShell>
      </MemoryRouter>
    </MantineProvider>,
  );
}

describe('SideNav', () => {
  it('shows an entry’s name in a tooltip when the collapsed menu is hovered', async () => {
    const user = userEvent.setup();
    renderMenu(true);
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    // Collapsed, the entries are icons named by their labels.
    expect(within(menu).getByRole('link', { name: 'Wallet' }).textContent).toBe('');

    await user.hover(menu);
    await user.hover(within(menu).getByRole('link', { name: 'Wallet' }));
    // The tooltip (Mantine's has no role) is the only text "Wallet" on the page, there as soon as
    // the hover is done: the open menu's test below relies on that to look for one at once.
    expect(screen.getByText('Wallet')).toBeDefined();
  });

  it('shows no tooltip when the menu is open, its names beside the icons', async () => {
    const user = userEvent.setup();
    renderMenu(false);
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    await user.hover(menu);
    const wallet = within(menu).getByRole('link', { name: 'Wallet' });
    expect(wallet.textContent).toBe('Wallet');
    // Once the hover is done a tooltip would be on the page already (the collapsed menu's test).
    await user.hover(wallet);
    // Only the entry's own label says "Wallet".
    expect(screen.getAllByText('Wallet')).toHaveLength(1);
  });
});
