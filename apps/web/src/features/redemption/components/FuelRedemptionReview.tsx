import { Alert, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatCurrency, formatVolume } from '@/lib/format';
import { fillAmount } from '../redeem-form';
import { Field } from './CouponPreview';

interface FuelFill {
  plate: string | null;
  fuelType: string;
  unit: string;
  volume: number;
  /** The coupon's locked price; null only for a coupon approved before prices were locked. */
  pricePerUnit: number | null;
}

export interface FuelRedemptionReviewProps {
  fill: FuelFill;
  /** The button that moves the money (online) or keeps the fill on the device (offline). */
  confirmLabel: string;
  busy?: boolean;
  onBack: () => void;
  onConfirm: () => void;
}

/**
 * The step between typing the volume and moving money: what will be paid, worked out in the open
 * (litres × price = naira), for which vehicle and which fuel, so that a slip of the thumb at the
 * pump is seen before it is paid for.
 */
export function FuelRedemptionReview({ fill, confirmLabel, busy = false, onBack, onConfirm }: FuelRedemptionReviewProps) {
  const amount = fill.pricePerUnit === null ? null : fillAmount(fill.volume, fill.pricePerUnit);
  return (
    <Stack gap="sm" role="region" aria-label="Check before you confirm">
      <Alert color="blue" variant="light" title="Check before you confirm">
        <Text size="lg" fw={700} aria-label="Amount worked out">
          {formatVolume(fill.volume, fill.unit)}
          {fill.pricePerUnit !== null && amount !== null ? ` × ${formatCurrency(fill.pricePerUnit)} = ${formatCurrency(amount)}` : ''}
        </Text>
      </Alert>
      <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="sm" verticalSpacing="sm">
        <Field label="Plate">{fill.plate ?? '—'}</Field>
        <Field label="Fuel">{fill.fuelType}</Field>
        <Field label="Volume">{formatVolume(fill.volume, fill.unit)}</Field>
        <Field label="Amount">{amount === null ? '—' : formatCurrency(amount)}</Field>
      </SimpleGrid>
      <Group justify="flex-end">
        <Button variant="default" onClick={onBack} disabled={busy}>
          Back
        </Button>
        <Button color="green" onClick={onConfirm} loading={busy} data-autofocus>
          {confirmLabel}
        </Button>
      </Group>
    </Stack>
  );
}
