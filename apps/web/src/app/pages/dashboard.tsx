import { Navigate } from 'react-router';
import { landingPath } from '@fleetfuel/contract';
import { FleetDashboard } from '@/features/dashboard';
import { StationDashboard } from '@/features/redemption';
import { DriverSummary } from '@/features/requests';
import { useAuth } from '@/lib/auth';

export function DashboardPage() {
  const { user } = useAuth();
  if (!user) return null;
  const landing = landingPath(user.role);
  if (landing !== '/') return <Navigate to={landing} replace />;
  // An attendant's dashboard is the station's redemption desk.
  if (user.role === 'ATTENDANT') return <StationDashboard title="Dashboard" />;

  // ADMINISTRATOR, ASST_ADMINISTRATOR and DRIVER: figures, chart, alerts and recent activity.
  return <FleetDashboard user={user} driverSummary={(leading) => <DriverSummary leading={leading} />} />;
}
