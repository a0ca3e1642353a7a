import { lazy, Suspense, type ReactNode } from 'react';
import { Center, Loader } from '@mantine/core';
import { Navigate } from 'react-router';
import { hasPermission, landingPath } from '@fleetfuel/contract';
import { FullPageLoader } from '@/components/ui/FullPageLoader';
import { FleetDashboard } from '@/features/dashboard';
// The card alone, not the policies screen behind the feature's index.
import { BudgetUsageCard } from '@/features/policies/components/BudgetUsageCard';
import { useAuth } from '@/lib/auth';

// Each role's own part of the dashboard is a chunk of its own: a fleet manager's dashboard does not
// download the station's redemption desk, nor a driver's coupons and their dialogs (issue 16).
const StationDashboard = lazy(() =>
  import('@/features/redemption/components/StationDashboard').then((module) => ({ default: module.StationDashboard })),
);
const DriverSummary = lazy(() =>
  import('@/features/requests/components/DriverSummary').then((module) => ({ default: module.DriverSummary })),
);

function driverSummary(leading: ReactNode) {
  return (
    <Suspense
      fallback={
        <Center py={40} role="status" aria-label="Loading your summary">
          <Loader />
        </Center>
      }
    >
      <DriverSummary leading={leading} />
    </Suspense>
  );
}

export function DashboardPage() {
  const { user } = useAuth();
  if (!user) return null;
  const landing = landingPath(user.role);
  if (landing !== '/') return <Navigate to={landing} replace />;
  // An attendant's dashboard is the station's redemption desk.
  if (user.role === 'ATTENDANT') {
    return (
      <Suspense fallback={<FullPageLoader />}>
        <StationDashboard title="Dashboard" />
      </Suspense>
    );
  }

  // ADMINISTRATOR, ASST_ADMINISTRATOR and DRIVER: figures, chart, alerts and recent activity.
  return (
    <FleetDashboard
      user={user}
      driverSummary={user.role === 'DRIVER' ? driverSummary : undefined}
      budgets={hasPermission(user.role, 'policies.read') ? <BudgetUsageCard /> : undefined}
    />
  );
}
