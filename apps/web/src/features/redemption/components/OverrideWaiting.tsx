import { useEffect, useRef, type ReactNode } from 'react';
import { Alert, Button, Group, List, Loader, Stack, Text } from '@mantine/core';
import { ApiError } from '@/lib/api-client';
import { formatTime } from '@/lib/format';
import { useCancelOverride, useStationOverride } from '../api';

export interface OverrideWaitingProps {
  overrideId: string;
  /** The vehicle and the litres asked, as the attendant knows them. */
  plate: string;
  litres: string;
  /** The server's words when it stopped the fill, shown until the override is read. */
  message: string;
  /** Sends the same redemption again: called once, when the manager approves. */
  onApproved: () => void;
  /** The redemption sent again after the approval is on its way. */
  sending: boolean;
  /** Back to the litres (to dispense less, or after the wait was cancelled). */
  onBack: () => void;
  /** The coupon is done with (its approval was used): start over. */
  onDone: () => void;
}

/**
 * A fill that breaks a SOFT fuel policy waits at the pump for a manager: the screen says why and
 * asks the server every few seconds; once approved it redeems the coupon by itself.
 */
export function OverrideWaiting({ overrideId, plate, litres, message, onApproved, sending, onBack, onDone }: OverrideWaitingProps) {
  const { data, error } = useStationOverride(overrideId);
  const cancel = useCancelOverride();
  const override = data?.override;
  const status = override?.status;

  // Sent once per approval, however often the panel draws.
  const sent = useRef(false);
  useEffect(() => {
    if (status === 'APPROVED' && !sent.current) {
      sent.current = true;
      onApproved();
    }
  }, [status, onApproved]);

  const fill = (
    <Group gap="xs" wrap="wrap">
      <Text fw={700}>{plate}</Text>
      <Text c="dimmed">·</Text>
      <Text fw={700}>{litres}</Text>
    </Group>
  );

  if (status === 'APPROVED') {
    return (
      <Panel label="Approved">
        <Alert color="green" variant="light" title="Approved by a manager">
          <Stack gap={6}>
            {fill}
            <Group gap="xs">
              <Loader size="sm" color="green" aria-hidden />
              <Text size="sm">{sending ? 'Redeeming the coupon…' : 'Redeeming the coupon'}</Text>
            </Group>
          </Stack>
        </Alert>
      </Panel>
    );
  }

  if (status === 'DECLINED') {
    return (
      <Ended label="Declined" color="red" title="A manager declined this fill" action="Change the litres" onAction={onBack}>
        <Stack gap={6}>
          {fill}
          <Text size="sm">
            {override?.note ? `Note from ${override.decidedBy?.name ?? 'the manager'}: ${override.note}` : 'No note was given.'}
          </Text>
          <Text size="sm">Nothing was redeemed. You can dispense less and try again.</Text>
        </Stack>
      </Ended>
    );
  }
  const askAgain = <Text size="sm">Nothing was redeemed. Try again to ask a manager once more.</Text>;
  if (status === 'EXPIRED') {
    return (
      <Ended label="Approval ran out" color="orange" title="The approval ran out" action="Try again" onAction={onBack}>
        {askAgain}
      </Ended>
    );
  }
  if (status === 'CANCELLED') {
    return (
      <Ended label="Cancelled" color="gray" title="The wait was cancelled" action="Try again" onAction={onBack}>
        {askAgain}
      </Ended>
    );
  }
  if (status === 'USED') {
    return (
      <Ended label="Approval used" color="blue" title="This approval was already used" action="Done" onAction={onDone}>
        <Text size="sm">The coupon was redeemed with it. Check today&apos;s redemptions.</Text>
      </Ended>
    );
  }

  const refused = error instanceof ApiError && error.status >= 400 && error.status < 500;
  return (
    <Panel label="Waiting for a manager's approval">
      <Alert color="yellow" variant="light" title="Waiting for a manager's approval" icon={<Loader size="sm" color="yellow" aria-hidden />}>
        <Stack gap={6}>
          {fill}
          {override ? (
            <List size="sm" spacing={4} aria-label="Why it needs approval">
              {override.breaches.map((breach) => (
                <List.Item key={breach}>{breach}</List.Item>
              ))}
            </List>
          ) : (
            <Text size="sm">{message}</Text>
          )}
          <Text size="sm">Stay here: the coupon is redeemed by itself once a manager approves.</Text>
          {override && (
            <Text size="xs" c="dimmed">
              Asked at {formatTime(override.requestedAt)}
            </Text>
          )}
        </Stack>
      </Alert>
      {error && (
        <Text size="sm" c={refused ? 'red' : 'dimmed'} role="status">
          {refused ? error.message : 'Cannot reach the server. Still trying…'}
        </Text>
      )}
      <Group justify="flex-end">
        {/* Cancelled on the server first, so no manager approves a fill nobody waits for any more. */}
        <Button variant="default" loading={cancel.isPending} onClick={() => cancel.mutate(overrideId, { onSuccess: onBack })}>
          Cancel
        </Button>
      </Group>
    </Panel>
  );
}

/** A wait that ended without this fill being redeemed: what happened, and the one way on. */
function Ended({
  label,
  color,
  title,
  action,
  onAction,
  children,
}: {
  label: string;
  color: string;
  title: string;
  action: string;
  onAction: () => void;
  children: ReactNode;
}) {
  return (
    <Panel label={label}>
      <Alert color={color} variant="light" title={title} role="alert">
        {children}
      </Alert>
      <Group justify="flex-end">
        <Button onClick={onAction}>{action}</Button>
      </Group>
    </Panel>
  );
}

function Panel({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap="sm" role="region" aria-label={label} aria-live="polite">
      {children}
    </Stack>
  );
}
