import { useEffect, useState, type CSSProperties, type ReactNode } from 'react';
import { AppShell, Box, Overlay, Progress, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Outlet, useMatches, useNavigation } from 'react-router';
import { MOBILE_BREAKPOINT_PX, type SessionUser } from '@fleetfuel/contract';
import { useAuth } from '@/lib/auth';
import { TIME_ZONE_NOTE } from '@/lib/format';
import { canAccess, isRouteHandle } from '../access';
import { NoAccess } from './NoAccess';
import { AppHeader } from './AppHeader';
import { Breadcrumb, useCrumbs } from './Breadcrumb';
import { SideNav } from './SideNav';
import './signed-in-styles';

const NAV_WIDTH = 220;
const NAV_RAIL_WIDTH = 68;
const HEADER_HEIGHT = 64;
const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX}px)`;

function startsNarrow(): boolean {
  return window.innerWidth <= MOBILE_BREAKPOINT_PX;
}

/** The signed-in frame of spec section 2: header, collapsible side navigation, and the page. */
export function AppLayout() {
  const { user } = useAuth();
  const matches = useMatches();
  const navigation = useNavigation();
  const crumbs = useCrumbs();
  const [collapsed, setCollapsed] = useState(startsNarrow);
  const narrow = useMediaQuery(MOBILE_QUERY, startsNarrow(), { getInitialValueInEffect: false });

  useEffect(() => {
    const last = crumbs[crumbs.length - 1];
    document.title = last ? `${last.label} · FleetFuel` : 'FleetFuel';
  }, [crumbs]);

  if (!user) return null;

  const access = [...matches]
    .reverse()
    .map((match) => match.handle)
    .find(isRouteHandle)?.access;
  const allowed = access === undefined || canAccess(user.role, access);

  return (
    <AppFrame
      user={user}
      collapsed={collapsed}
      narrow={narrow}
      pageLoading={navigation.state === 'loading'}
      onToggleNav={() => setCollapsed((value) => !value)}
      onCloseNav={() => setCollapsed(true)}
    >
      {allowed ? <Outlet /> : <NoAccess />}
    </AppFrame>
  );
}

export interface AppFrameProps {
  user: SessionUser;
  /** The side navigation shows its icons only. */
  collapsed: boolean;
  /** A phone's width: the open menu lies over the page, and choosing an entry closes it. */
  narrow: boolean;
  /** The router is loading the next page: a bar runs under the header. */
  pageLoading: boolean;
  onToggleNav: () => void;
  onCloseNav: () => void;
  children: ReactNode;
}

/**
 * The frame as it looks for a state: what `AppLayout` draws, and what the build draws for the
 * prerendered Dashboard (src/prerender/dashboard-screen.tsx), so the two cannot differ.
 */
export function AppFrame({ user, collapsed, narrow, pageLoading, onToggleNav, onCloseNav, children }: AppFrameProps) {
  // On a narrow screen the open menu lies over the page instead of squeezing it.
  const overlaying = narrow && !collapsed;
  const shellStyle = overlaying ? ({ '--app-shell-navbar-offset': `${NAV_RAIL_WIDTH}px` } as CSSProperties) : undefined;

  return (
    <AppShell
      header={{ height: HEADER_HEIGHT }}
      navbar={{ width: collapsed ? NAV_RAIL_WIDTH : NAV_WIDTH, breakpoint: 0 }}
      padding={{ base: 'sm', sm: 'lg' }}
      style={shellStyle}
    >
      <AppHeader user={user} navCollapsed={collapsed} onToggleNav={onToggleNav} />
      <SideNav
        role={user.role}
        collapsed={collapsed}
        onNavigate={() => {
          if (narrow) onCloseNav();
        }}
      />
      <AppShell.Main bg="gray.0">
        {pageLoading && (
          <Progress
            value={100}
            animated
            size="xs"
            radius={0}
            pos="fixed"
            top={HEADER_HEIGHT}
            left={0}
            right={0}
            style={{ zIndex: 150 }}
            aria-label="Loading page"
          />
        )}
        {overlaying && <Overlay fixed zIndex={90} backgroundOpacity={0.35} onClick={onCloseNav} />}
        <Box hiddenFrom="sm" mb="sm">
          <Breadcrumb />
        </Box>
        {children}
        <Text component="footer" size="xs" c="dimmed" ta="center" mt="xl">
          {TIME_ZONE_NOTE}
        </Text>
      </AppShell.Main>
    </AppShell>
  );
}
