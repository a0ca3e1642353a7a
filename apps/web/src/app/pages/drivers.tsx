import { DriversPanel } from '@/features/fleet';

export function DriversPage() {
  return <DriversPanel />;
}
