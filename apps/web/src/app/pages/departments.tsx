import { GroupsPanel } from '@/features/fleet';

export function DepartmentsPage() {
  return <GroupsPanel />;
}
