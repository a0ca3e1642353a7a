import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { useContext } from 'react';
import { Link, matchRoutes, useLocation, type RouteObject } from 'react-router';
import { MENU, landingPath, type Role } from '@fleetfuel/contract';
import { segmentLabel } from '@/lib/format';
import { useAuth } from '@/lib/auth';
import { canAccess, isRouteHandle } from '../access';
import { RouteTreeContext } from '../route-tree';

export interface Crumb {
  label: string;
  to: string;
  /** Whether the role may open the crumb's page; a crumb it may not open is plain text. */
  linked: boolean;
}

/** Screens outside the side menu, named as the header's menus name them. */
const OTHER_LABELS: Record<string, string> = {
  '/account': 'Account Settings',
};

/** A level's label: the side menu's own label for a menu page, else its path segment. */
function crumbLabel(path: string, segment: string, role: Role | undefined): string {
  // The role's home (/admin, /stations) is what its menu calls Dashboard.
  if (role && path !== '/' && path === landingPath(role)) return 'Dashboard';
  const entry = MENU.find((item) => item.path === path);
  return entry?.label ?? OTHER_LABELS[path] ?? segmentLabel(segment);
}

/** Whether `role` may open `path` in `routes`: the route it lands on exists and its guard admits the role. */
function mayOpenIn(routes: RouteObject[], role: Role, path: string): boolean {
  const matches = matchRoutes(routes, path);
  if (!matches) return false;
  const access = [...matches]
    .reverse()
    .map((match) => match.route.handle as unknown)
    .find(isRouteHandle)?.access;
  // Outside every guarded area only the catch-all answers: the NotFound screen is not a page to link to.
  if (access === undefined) return matches[matches.length - 1]?.route.path !== '*';
  return canAccess(role, access);
}

/** Whether a role may open a path of the app's route tree (from `App`); only inside the app's router can it answer. */
export function useMayOpen(): (role: Role, path: string) => boolean {
  const routes = useContext(RouteTreeContext);
  return (role, path) => {
    if (!routes) throw new Error('mayOpen asks the route tree that App provides');
    return mayOpenIn(routes, role, path);
  };
}

/** The path's levels, labelled as the side menu labels them, each linking to its page when the role may open it. */
export function useCrumbs(): Crumb[] {
  const { pathname } = useLocation();
  const { user } = useAuth();
  const mayOpen = useMayOpen();
  const role = user?.role;
  const segments = pathname.split('/').filter(Boolean);
  if (segments.length === 0) return [{ label: 'Dashboard', to: '/', linked: true }];
  return segments.map((segment, index) => {
    const to = `/${segments.slice(0, index + 1).join('/')}`;
    return { label: crumbLabel(to, segment, role), to, linked: role !== undefined && mayOpen(role, to) };
  });
}

export function Breadcrumb() {
  const crumbs = useCrumbs();
  return (
    <nav aria-label="Breadcrumb" style={{ minWidth: 0 }}>
      <Breadcrumbs separatorMargin={6} styles={{ root: { flexWrap: 'nowrap' } }}>
        {crumbs.map((crumb, index) =>
          index === crumbs.length - 1 ? (
            <Text key={crumb.to} size="sm" fw={600} aria-current="page" truncate>
              {crumb.label}
            </Text>
          ) : crumb.linked ? (
            <Anchor key={crumb.to} component={Link} to={crumb.to} size="sm" c="dimmed">
              {crumb.label}
            </Anchor>
          ) : (
            <Text key={crumb.to} size="sm" c="dimmed" span>
              {crumb.label}
            </Text>
          ),
        )}
      </Breadcrumbs>
    </nav>
  );
}
