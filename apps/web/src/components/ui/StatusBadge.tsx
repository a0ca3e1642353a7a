import { Badge, type MantineColor } from '@mantine/core';

const STATUS_COLORS: Record<string, MantineColor> = {
  ACTIVE: 'green',
  SUCCESS: 'green',
  APPROVED: 'green',
  COMPLETED: 'green',
  // A webhook delivery the receiver accepted.
  DELIVERED: 'green',
  // An e-mail or text the provider took.
  SENT: 'green',
  PENDING: 'yellow',
  INACTIVE: 'gray',
  // Lapsed without harm (an unused coupon, a card checkout never completed): not an error.
  EXPIRED: 'gray',
  UNDER_MAINTENANCE: 'orange',
  // Support tickets: waiting on the team, answered, done.
  OPEN: 'blue',
  ANSWERED: 'teal',
  CLOSED: 'gray',
};

/** "UNDER_MAINTENANCE" → "Under Maintenance". */
export function statusLabel(status: string): string {
  return status
    .toLowerCase()
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** Spec section 4: any status without a colour of its own reads as danger. */
export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge color={STATUS_COLORS[status] ?? 'red'} variant="light" radius="sm" styles={{ label: { overflow: 'visible' } }}>
      {statusLabel(status)}
    </Badge>
  );
}
