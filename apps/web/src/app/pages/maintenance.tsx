import { MaintenanceView } from '@/features/requests';

export function MaintenancePage() {
  return <MaintenanceView />;
}
