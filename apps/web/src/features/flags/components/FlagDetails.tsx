import type { ReactNode } from 'react';
import { Alert, Anchor, Box, Divider, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { FUEL_UNITS, type ReviewFlag } from '@fleetfuel/contract';
import { FormModal } from '@/components/ui/FormModal';
import { PrefetchLink } from '@/components/ui/PrefetchLink';
import { StatusBadge } from '@/components/ui/StatusBadge';
import { formatCalendarDate, formatCurrency, formatDateTime, formatVolume } from '@/lib/format';
import { CODE_LABELS, STATUS_LABELS, STEP_LABELS, vehicleLabel } from '../flag-labels';
import { FlagStatusBadge, SeverityBadge } from './FlagBadges';
import { FlagReviewForm } from './FlagReviewForm';

interface Item {
  label: string;
  value: ReactNode;
}

/** Labelled values in two columns (one on a phone); an empty value reads as a dash. */
function Items({ items }: { items: readonly Item[] }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
      {items.map((item) => (
        <Box key={item.label} role="group" aria-label={item.label}>
          <Text size="xs" c="dimmed" fw={500}>
            {item.label}
          </Text>
          <Box fz="sm" style={{ overflowWrap: 'anywhere' }}>
            {item.value === null || item.value === '' ? '—' : item.value}
          </Box>
        </Box>
      ))}
    </SimpleGrid>
  );
}

const money = (value: number | null) => (value === null ? null : formatCurrency(value));

function requestItems(flag: ReviewFlag, showOrganization: boolean): Item[] {
  const { request } = flag;
  const unit = FUEL_UNITS[request.fuelType];
  return [
    { label: 'Vehicle', value: `${vehicleLabel(flag.vehicle)} · ${flag.vehicle.make} ${flag.vehicle.model}` },
    { label: 'Driver', value: flag.driver?.name ?? null },
    { label: 'Station', value: flag.station.name },
    ...(showOrganization ? [{ label: 'Client', value: flag.organization.name }] : []),
    { label: 'Supply date', value: formatCalendarDate(request.supplyDate) },
    { label: 'Fuel', value: request.fuelType },
    { label: 'Requested', value: formatVolume(request.volume, unit) },
    { label: 'Dispensed', value: request.dispensedVolume === null ? null : formatVolume(request.dispensedVolume, unit) },
    { label: 'Held at approval', value: money(request.heldAmount) },
    { label: 'Paid at the pump', value: money(request.amount) },
    { label: 'Request status', value: <StatusBadge status={request.status} /> },
  ];
}

function ReviewSummary({ flag }: { flag: ReviewFlag }) {
  if (flag.status === 'OPEN' || !flag.reviewedAt) {
    return (
      <Text size="sm" c="dimmed">
        Not reviewed yet.
      </Text>
    );
  }
  return (
    <Items
      items={[
        { label: 'Verdict', value: STATUS_LABELS[flag.status] },
        { label: 'Reviewed by', value: `${flag.reviewedBy?.name ?? 'Unknown'}, ${formatDateTime(flag.reviewedAt)}` },
        { label: 'Review note', value: flag.note },
        ...(flag.status === 'CONFIRMED_FRAUD' ? [{ label: 'Recovered', value: money(flag.recoveredAmount) ?? formatCurrency(0) }] : []),
      ]}
    />
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Title order={3} size="h5">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

export interface FlagDetailsProps {
  flag: ReviewFlag | null;
  opened: boolean;
  onClose: () => void;
  /** The organization admin judges the flag; others read it. */
  canReview: boolean;
  showOrganization: boolean;
  /** The pending request's Approve and Reject, for its approvers; the page supplies them (features do not import each other). */
  requestActions?: ReactNode;
}

/** A flag's whole story, its request's figures, its review, and the organization admin's review form. */
export function FlagDetails({ flag, opened, onClose, canReview, showOrganization, requestActions }: FlagDetailsProps) {
  return (
    <FormModal opened={opened} onClose={onClose} title={flag ? CODE_LABELS[flag.code] : 'Flag'}>
      {flag && (
        <Stack gap="lg">
          <Stack gap="xs">
            <Group gap="xs">
              <SeverityBadge severity={flag.severity} />
              <FlagStatusBadge status={flag.status} />
            </Group>
            <Alert color={flag.severity === 'critical' ? 'red' : 'orange'} variant="light" icon={<IconAlertTriangle aria-hidden />}>
              <Text size="sm">{flag.message}</Text>
              <Text size="xs" c="dimmed" mt={4}>
                Raised {formatDateTime(flag.raisedAt)} · {STEP_LABELS[flag.step]}
              </Text>
            </Alert>
          </Stack>
          <Section title="Fuel request">
            <Items items={requestItems(flag, showOrganization)} />
            <Anchor component={PrefetchLink} to={`/details?type=fuel-request&id=${encodeURIComponent(flag.request.id)}`} size="sm">
              Open the request
            </Anchor>
            {flag.request.status === 'PENDING' && requestActions}
          </Section>
          <Divider />
          <Section title="Review">
            <ReviewSummary flag={flag} />
          </Section>
          {canReview && (
            <>
              <Divider />
              <Section title={flag.status === 'OPEN' ? 'Your review' : 'Change the review'}>
                {/* Keyed so that each flag opens its own form. */}
                <FlagReviewForm key={flag.id} flag={flag} onDone={onClose} />
              </Section>
            </>
          )}
        </Stack>
      )}
    </FormModal>
  );
}
