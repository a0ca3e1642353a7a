import { useEffect, useState, type CSSProperties } from 'react';
import { AppShell, Box, Overlay, Progress, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Outlet, useMatches, useNavigation } from 'react-router';
import { MOBILE_BREAKPOINT_PX } from '@fleetfuel/contract';
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
      <AppHeader user={user} navCollapsed={collapsed} onToggleNav={() => setCollapsed((value) => !value)} />
      <SideNav
        role={user.role}
        collapsed={collapsed}
        onNavigate={() => {
          if (narrow) setCollapsed(true);
        }}
      />
      <AppShell.Main bg="gray.0">
        {navigation.state === 'loading' && (
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
        {overlaying && <Overlay fixed zIndex={90} backgroundOpacity={0.35} onClick={() => setCollapsed(true)} />}
        <Box hiddenFrom="sm" mb="sm">
          <Breadcrumb />
        </Box>
        {allowed ? <Outlet /> : <NoAccess />}
        <Text component="footer" size="xs" c="dimmed" ta="center" mt="xl">
          {TIME_ZONE_NOTE}
        </Text>
      </AppShell.Main>
    </AppShell>
  );
}
