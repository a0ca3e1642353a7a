import { PageHeader } from '@/components/ui/PageHeader';
import { AuditLogPanel } from '@/features/audit';

/** Issue 12's audit trail: who approved, rejected, redeemed, moved money or changed settings, when and from where. */
export function AuditLogPage() {
  return (
    <>
      <PageHeader
        title="Audit Log"
        description="Who approved, rejected, redeemed, moved money or changed settings, when, and from which address"
      />
      <AuditLogPanel />
    </>
  );
}
