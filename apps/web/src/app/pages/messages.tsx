import { PageHeader } from '@/components/ui/PageHeader';
import { MessagesPanel } from '@/features/outbox';

/** Issue 16's outbox of e-mails and texts, for the platform admin. */
export function MessagesPage() {
  return (
    <>
      <PageHeader
        title="Messages"
        description="The e-mails and texts FleetFuel sends: what went, what waits for its next try, and what was refused and can be sent again"
      />
      <MessagesPanel />
    </>
  );
}
