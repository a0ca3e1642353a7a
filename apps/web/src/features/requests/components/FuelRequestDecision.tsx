import { Button, Group, Loader } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { hasPermission, type Role } from '@fleetfuel/contract';
import { useAuth } from '@/lib/auth';
import { useRequestRecord } from '../api';
import { useFuelRequestActions } from '../use-fuel-request-actions';

/**
 * A pending fuel request's Approve and Reject outside Fuel Tracking (a flag's details, issue 44):
 * the same dialogs, calls and toasts as its row there. Nothing for those who do not approve, nor
 * once the request is no longer pending.
 */
export function FuelRequestDecision({ requestId }: { requestId: string }) {
  const { user } = useAuth();
  if (!user || !hasPermission(user.role, 'requests.approve')) return null;
  return <Decision requestId={requestId} role={user.role} />;
}

function Decision({ requestId, role }: { requestId: string; role: Role }) {
  const record = useRequestRecord('fuel', requestId);
  const { actions, dialogs } = useFuelRequestActions(role, role === 'ADMIN');
  if (record.isPending) return <Loader size="sm" aria-label="Loading the request" />;
  const request = record.data?.kind === 'fuel' ? record.data.request : null;
  if (!request || request.status !== 'PENDING') return null;
  return (
    <>
      <Group gap="sm">
        <Button color="green" leftSection={<IconCheck size={16} aria-hidden />} onClick={() => actions.onApprove(request)}>
          Approve request
        </Button>
        <Button color="red" variant="light" leftSection={<IconX size={16} aria-hidden />} onClick={() => actions.onReject(request)}>
          Reject request
        </Button>
      </Group>
      {dialogs}
    </>
  );
}
