/** Small pieces the request screens share: a stop for row clicks, a details list, the status filter. */
import type { ReactNode } from 'react';
import { Box, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCheck, IconDownload, IconX } from '@tabler/icons-react';
import { REQUEST_STATUSES, type RequestStatus } from '@fleetfuel/contract';
import { statusLabel } from '@/components/ui/StatusBadge';
import { StatusListFilter } from '@/components/ui/ListFilter';
import { RowAction } from '@/components/ui/RowAction';

/** A table cell's controls: their clicks do not also open the row. */
export function RowControls({ children }: { children: ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap" onClick={(event) => event.stopPropagation()} onKeyDown={(event) => event.stopPropagation()}>
      {children}
    </Group>
  );
}

/** Two lines in a cell: the main text and a dimmed detail below it. */
export function TwoLines({ main, detail }: { main: ReactNode; detail?: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="sm" fw={500}>
        {main}
      </Text>
      {detail !== undefined && detail !== null && detail !== '' && (
        <Text size="xs" c="dimmed">
          {detail}
        </Text>
      )}
    </Stack>
  );
}

export interface DetailItem {
  label: string;
  value: ReactNode;
}

/** Labelled values in two columns (one on a phone); empty values are left out. */
export function DetailList({ items }: { items: readonly DetailItem[] }) {
  const shown = items.filter((item) => item.value !== null && item.value !== undefined && item.value !== '');
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
      {shown.map((item) => (
        <Box key={item.label} role="group" aria-label={item.label}>
          <Text size="xs" c="dimmed" fw={500}>
            {item.label}
          </Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {item.value}
          </Text>
        </Box>
      ))}
    </SimpleGrid>
  );
}

export function isRequestStatus(value: string): value is RequestStatus {
  return (REQUEST_STATUSES as readonly string[]).includes(value);
}

export function StatusFilter({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <StatusListFilter
      value={value}
      options={REQUEST_STATUSES.map((status) => ({ value: status, label: statusLabel(status) }))}
      onChange={onChange}
    />
  );
}

/** A pending request's two decisions, as a row's icon buttons named after the request. */
export function DecisionActions({ name, onApprove, onReject }: { name: string; onApprove: () => void; onReject: () => void }) {
  return (
    <>
      <RowAction label={`Approve ${name}`} tooltip="Approve" color="green" icon={<IconCheck size={18} aria-hidden />} onClick={onApprove} />
      <RowAction label={`Reject ${name}`} tooltip="Reject" color="red" icon={<IconX size={18} aria-hidden />} onClick={onReject} />
    </>
  );
}

/** Downloads an approved request's coupon (a PDF); busy while the file is on its way. */
export function DownloadCouponButton({ downloading, onClick }: { downloading: boolean; onClick: () => void }) {
  return (
    <Button leftSection={<IconDownload size={16} aria-hidden />} loading={downloading} onClick={onClick}>
      Download Coupon
    </Button>
  );
}
