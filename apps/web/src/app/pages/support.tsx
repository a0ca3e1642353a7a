import { Stack } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '@/components/ui/PageHeader';
import { SupportOverview, TicketView, TicketsPanel, ticketPath } from '@/features/support';
import { useAuth } from '@/lib/auth';

/** Support: answers for the caller's role, how to reach the team, and tickets (/support/tickets/:id reads one). */
export function SupportPage() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const [segment, ticketId] = (useParams()['*'] ?? '').split('/');
  if (!user) return null;
  const admin = user.role === 'ADMIN';

  if (segment === 'tickets' && ticketId) {
    return (
      <>
        <PageHeader title="Support" description="Support ticket" />
        <TicketView key={ticketId} id={ticketId} me={user} backTo="/support" />
      </>
    );
  }

  return (
    <>
      <PageHeader
        title="Support"
        description={
          admin ? 'Tickets from every organization and station' : 'Answers to common questions, and help from the FleetFuel team'
        }
      />
      <Stack gap="lg">
        {!admin && <SupportOverview role={user.role} />}
        <TicketsPanel everyone={admin} onOpen={(ticket) => void navigate(ticketPath(ticket.id))} />
        {admin && <SupportOverview role={user.role} />}
      </Stack>
    </>
  );
}
