import { Badge } from '@mantine/core';
import type { ReviewFlag } from '@fleetfuel/contract';
import { SEVERITY_COLORS, SEVERITY_LABELS, STATUS_COLORS, STATUS_LABELS } from '../flag-labels';

const LABEL_STYLES = { label: { overflow: 'visible' } } as const;

export function SeverityBadge({ severity }: { severity: ReviewFlag['severity'] }) {
  return (
    <Badge color={SEVERITY_COLORS[severity]} variant="filled" radius="sm" styles={LABEL_STYLES}>
      {SEVERITY_LABELS[severity]}
    </Badge>
  );
}

export function FlagStatusBadge({ status }: { status: ReviewFlag['status'] }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" radius="sm" styles={LABEL_STYLES}>
      {STATUS_LABELS[status]}
    </Badge>
  );
}
