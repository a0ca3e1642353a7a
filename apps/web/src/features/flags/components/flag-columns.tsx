import { Anchor, Stack, Text } from '@mantine/core';
import type { ReviewFlag } from '@fleetfuel/contract';
import type { DataTableColumn } from '@/components/ui/DataTable';
import { StatusBadge } from '@/components/ui/StatusBadge';
import { formatDate, formatTime } from '@/lib/format';
import { CODE_LABELS, vehicleLabel } from '../flag-labels';
import { FlagStatusBadge, SeverityBadge } from './FlagBadges';

const dash = (
  <Text size="sm" c="dimmed">
    —
  </Text>
);

/**
 * The flag in plain words and the numbers that raised it. Its name opens the details: the row does
 * too, and the button is the keyboard's and the screen reader's way in.
 */
function FlagCell({ flag, open }: { flag: ReviewFlag; open: (flag: ReviewFlag) => void }) {
  return (
    <Stack gap={2} maw={300}>
      <Anchor
        component="button"
        type="button"
        size="sm"
        fw={600}
        ta="left"
        aria-label={`View ${CODE_LABELS[flag.code]} on ${vehicleLabel(flag.vehicle)}`}
        onClick={(event) => {
          event.stopPropagation();
          open(flag);
        }}
      >
        {CODE_LABELS[flag.code]}
      </Anchor>
      <Text size="xs" c="dimmed">
        {flag.message}
      </Text>
    </Stack>
  );
}

/** The queue's columns; `open` shows a flag's details. */
export function flagColumns(options: { showOrganization: boolean; open: (flag: ReviewFlag) => void }): DataTableColumn<ReviewFlag>[] {
  return [
    {
      key: 'raisedAt',
      header: 'Raised',
      render: (f) => (
        <Stack gap={0}>
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {formatDate(f.raisedAt)}
          </Text>
          <Text size="xs" c="dimmed">
            {formatTime(f.raisedAt)}
          </Text>
        </Stack>
      ),
    },
    { key: 'severity', header: 'Severity', render: (f) => <SeverityBadge severity={f.severity} />, noWrap: true },
    { key: 'code', header: 'Flag', render: (f) => <FlagCell flag={f} open={options.open} /> },
    { key: 'vehicle', header: 'Vehicle', render: (f) => vehicleLabel(f.vehicle), noWrap: true },
    { key: 'driver', header: 'Driver', render: (f) => f.driver?.name ?? dash },
    { key: 'station', header: 'Station', render: (f) => f.station.name },
    ...(options.showOrganization ? [{ key: 'client', header: 'Client', render: (f: ReviewFlag) => f.organization.name }] : []),
    { key: 'request', header: 'Request', render: (f) => <StatusBadge status={f.request.status} />, noWrap: true },
    { key: 'status', header: 'Status', render: (f) => <FlagStatusBadge status={f.status} />, noWrap: true },
  ];
}
