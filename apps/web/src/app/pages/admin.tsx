import { Paper, Tabs, Text } from '@mantine/core';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { PageHeader } from '../../components/ui/PageHeader';
import { UsersPanel } from '../../features/users';

const TABS = [
  { value: 'overview', label: 'Overview', path: '/admin' },
  { value: 'users', label: 'Users', path: '/admin/users' },
] as const;

/** The platform admin's page; the tab lives in the URL (/admin, /admin/users). */
export function AdminPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const active = location.pathname.startsWith('/admin/users') ? 'users' : 'overview';

  return (
    <>
      <PageHeader title="Admin" description="Platform administration" />
      <Tabs
        value={active}
        onChange={(value) => {
          const tab = TABS.find((t) => t.value === value);
          if (tab) void navigate(tab.path);
        }}
        keepMounted={false}
      >
        <Tabs.List mb="lg">
          {TABS.map((tab) => (
            <Tabs.Tab key={tab.value} value={tab.value}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {TABS.map((tab) => (
          <Tabs.Panel key={tab.value} value={tab.value}>
            <Outlet />
          </Tabs.Panel>
        ))}
      </Tabs>
    </>
  );
}

export function AdminOverview() {
  return (
    <Paper withBorder radius="md" p="lg">
      <Text fw={600}>Overview</Text>
      <Text c="dimmed" size="sm" mt={4}>
        Platform figures (clients, fuel stations, vehicles and requests) will appear here once analytics is released.
        Manage accounts in the Users tab.
      </Text>
    </Paper>
  );
}

export function AdminUsers() {
  return <UsersPanel />;
}
