import { Navigate } from 'react-router';
import { Paper, Text } from '@mantine/core';
import { landingPath } from '@fleetfuel/contract';
import { PageHeader } from '../../components/ui/PageHeader';
import { useAuth } from '../../lib/auth';

export function DashboardPage() {
  const { user } = useAuth();
  if (!user) return null;
  const landing = landingPath(user.role);
  if (landing !== '/') return <Navigate to={landing} replace />;

  const greetingName = user.firstName || user.name;
  return (
    <>
      <PageHeader title="Dashboard" description={`Welcome, ${greetingName}.`} />
      <Paper withBorder radius="md" p="lg">
        <Text c="dimmed" size="sm">
          Your fleet's figures, fuel chart, maintenance alerts and recent fuel activity will appear here once
          the dashboard is released.
        </Text>
      </Paper>
    </>
  );
}
