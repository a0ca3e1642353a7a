import { ActionIcon, AppShell, Avatar, Badge, Box, Group, Image, Menu, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { ROLE_LABELS, type SessionUser } from '@fleetfuel/contract';
import { Wordmark } from '@/components/ui/Wordmark';
import { AlertsBell } from '@/features/alerts';
import { useAuth } from '@/lib/auth';
import { Breadcrumb } from './Breadcrumb';
import { SIDE_NAV_ID } from './SideNav';

interface AppHeaderProps {
  user: SessionUser;
  navCollapsed: boolean;
  onToggleNav: () => void;
}

/** The organization's or station's logo when it has one, else the product's mark. */
function TenantLogo({ user }: { user: SessionUser }) {
  const tenant = user.organization ?? user.fuelStation;
  if (tenant?.imageUrl) {
    return <Image src={tenant.imageUrl} alt={tenant.name} h={36} w="auto" maw={140} fit="contain" />;
  }
  return <Wordmark />;
}

export function AppHeader({ user, navCollapsed, onToggleNav }: AppHeaderProps) {
  const { logout } = useAuth();
  const navigate = useNavigate();
  const roleText = user.title ?? ROLE_LABELS[user.role];

  const signOut = async () => {
    await logout();
    await navigate('/', { replace: true });
  };

  return (
    <AppShell.Header px={{ base: 'xs', sm: 'md' }}>
      <Group h="100%" justify="space-between" wrap="nowrap" gap="sm">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: 1 }}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            onClick={onToggleNav}
            aria-label={navCollapsed ? 'Expand menu' : 'Collapse menu'}
            aria-expanded={!navCollapsed}
            aria-controls={SIDE_NAV_ID}
          >
            {navCollapsed ? (
              <IconLayoutSidebarLeftExpand size={22} stroke={1.7} />
            ) : (
              <IconLayoutSidebarLeftCollapse size={22} stroke={1.7} />
            )}
          </ActionIcon>
          {/* data-prerender-*: what the prerendered Dashboard (src/prerender) keeps blank, not knowing it at build time. */}
          <Box style={{ flexShrink: 0 }} data-prerender-tenant-logo>
            <TenantLogo user={user} />
          </Box>
          <Box visibleFrom="sm" ml="md" style={{ minWidth: 0 }}>
            <Breadcrumb />
          </Box>
        </Group>

        <Group gap="sm" wrap="nowrap">
          <AlertsBell role={user.role} />
          <Stack gap={0} align="flex-end" visibleFrom="md" style={{ minWidth: 0 }} data-prerender-blank>
            <Group gap={6} wrap="nowrap">
              <Text size="sm" fw={600} truncate maw={200}>
                {user.name}
              </Text>
              <Badge size="sm" variant="light" radius="sm" tt="none" fw={500}>
                {roleText}
              </Badge>
            </Group>
            {user.email && (
              <Text size="xs" c="dimmed" truncate maw={260}>
                {user.email}
              </Text>
            )}
          </Stack>
          <Menu position="bottom-end" width={220} shadow="md" withinPortal>
            <Menu.Target>
              <UnstyledButton style={{ borderRadius: '50%' }} data-prerender-blank>
                {/* Named by its own text, so no aria-label can disagree with what it shows; the initials are decoration. */}
                <VisuallyHidden>Account menu</VisuallyHidden>
                <Avatar src={user.imageUrl} name={user.name} color="initials" radius="xl" alt="" aria-hidden />
              </UnstyledButton>
            </Menu.Target>
            <Menu.Dropdown>
              <Box hiddenFrom="md" px="sm" py={6}>
                <Text size="sm" fw={600} truncate>
                  {user.name}
                </Text>
                {user.email && (
                  <Text size="xs" c="dimmed" truncate>
                    {user.email}
                  </Text>
                )}
                <Text size="xs" c="dimmed" truncate>
                  {roleText}
                </Text>
              </Box>
              <Menu.Divider hiddenFrom="md" />
              <Menu.Item component={Link} to="/account" leftSection={<IconUserCircle size={16} aria-hidden />}>
                Account Settings
              </Menu.Item>
              <Menu.Item color="red" leftSection={<IconLogout size={16} aria-hidden />} onClick={() => void signOut()}>
                Sign Out
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Group>
    </AppShell.Header>
  );
}
