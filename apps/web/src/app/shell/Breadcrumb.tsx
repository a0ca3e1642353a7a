import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { segmentLabel } from '../../lib/format';

/** The path's segments, each linking to its own level; hyphens read as spaces. */
export function useCrumbs(): { label: string; to: string }[] {
  const { pathname } = useLocation();
  const segments = pathname.split('/').filter(Boolean);
  if (segments.length === 0) return [{ label: 'Dashboard', to: '/' }];
  return segments.map((segment, index) => ({
    label: segmentLabel(segment),
    to: `/${segments.slice(0, index + 1).join('/')}`,
  }));
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
          ) : (
            <Anchor key={crumb.to} component={Link} to={crumb.to} size="sm" c="dimmed">
              {crumb.label}
            </Anchor>
          ),
        )}
      </Breadcrumbs>
    </nav>
  );
}
