import { useState } from 'react';
import { AppShell, NavLink, ScrollArea, Tooltip } from '@mantine/core';
import { IconCircle } from '@tabler/icons-react';
import { useLocation } from 'react-router';
import { landingPath, menuFor, type MenuEntry, type Role } from '@fleetfuel/contract';
import { PrefetchLink } from '@/components/ui/PrefetchLink';
import { NAV_ICONS } from './nav-icons';

export const SIDE_NAV_ID = 'side-nav';

function isActive(entry: MenuEntry, pathname: string, landing: string): boolean {
  // Dashboard stands for the role's home, which for some roles is another page (spec section 2).
  if (entry.path === '/') return pathname === '/' || (landing !== '/' && pathname.startsWith(landing));
  return pathname === entry.path || pathname.startsWith(`${entry.path}/`);
}

interface SideNavProps {
  role: Role;
  collapsed: boolean;
  onNavigate: () => void;
}

/** Spec section 2's side navigation: main entries, then the lower ones, as the role may see them. */
export function SideNav({ role, collapsed, onNavigate }: SideNavProps) {
  const { pathname } = useLocation();
  const landing = landingPath(role);
  const entries = menuFor(role);
  const main = entries.filter((entry) => entry.section === 'main');
  const lower = entries.filter((entry) => entry.section === 'lower');

  // A collapsed menu names its icons in tooltips, which open on hover (not on focus: the entries
  // carry their names as labels). Each floating tooltip costs a phone's first screen a good part of
  // the frame's render (issue 16), so they are mounted when a pointer first comes into the menu,
  // through its padding before it reaches an entry, so the first hover already shows the name.
  const [approached, setApproached] = useState(false);
  const approach = approached ? undefined : () => setApproached(true);
  const withTooltips = collapsed && approached;

  const renderEntry = (entry: MenuEntry) => {
    const Icon = NAV_ICONS[entry.path] ?? IconCircle;
    const link = (
      <NavLink
        key={entry.path}
        component={PrefetchLink}
        to={entry.path}
        aria-label={entry.label}
        // Which entry it is, for the prerendered Dashboard's script (src/prerender/dashboard-fill.ts).
        data-menu-entry={entry.label}
        label={collapsed ? null : entry.label}
        leftSection={<Icon size={20} stroke={1.7} aria-hidden />}
        active={isActive(entry, pathname, landing)}
        onClick={onNavigate}
        variant="light"
        styles={{ root: { borderRadius: 'var(--mantine-radius-md)', minHeight: 40 } }}
        style={collapsed ? { justifyContent: 'center' } : undefined}
      />
    );
    return withTooltips ? (
      <Tooltip key={entry.path} label={entry.label} position="right" withArrow>
        {link}
      </Tooltip>
    ) : (
      link
    );
  };

  return (
    <AppShell.Navbar
      id={SIDE_NAV_ID}
      aria-label="Main menu"
      data-collapsed={collapsed}
      p={collapsed ? 'xs' : 'sm'}
      onPointerEnter={approach}
    >
      <AppShell.Section grow component={ScrollArea} scrollbarSize={6}>
        {main.map(renderEntry)}
      </AppShell.Section>
      {lower.length > 0 && (
        <AppShell.Section pt="xs" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
          {lower.map(renderEntry)}
        </AppShell.Section>
      )}
    </AppShell.Navbar>
  );
}
