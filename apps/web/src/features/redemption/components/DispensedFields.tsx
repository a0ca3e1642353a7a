import { SimpleGrid, Text } from '@mantine/core';
import type { Control } from 'react-hook-form';
import { TextField } from '@/components/ui/FormFields';
import type { FuelRedeemValues } from '../redeem-form';

export interface DispensedFieldsProps {
  control: Control<FuelRedeemValues>;
  /** The coupon's unit, beside the volume ("L"). */
  unit: string;
  /** The most the coupon allows, as the volume's description says it ("At most 40 L"). */
  limit: string;
  /** The organization requires the reading at the pump. */
  odometerRequired?: boolean;
}

/** What the attendant dispensed against a fuel coupon, online or offline: the volume, and the odometer if read. */
export function DispensedFields({ control, unit, limit, odometerRequired = false }: DispensedFieldsProps) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
      <TextField
        control={control}
        name="dispensedVolume"
        label="Dispensed Volume"
        withAsterisk
        inputMode="decimal"
        rightSection={
          <Text size="sm" c="dimmed" pr={4}>
            {unit}
          </Text>
        }
        description={`At most ${limit}`}
      />
      <TextField
        control={control}
        name="odometer"
        label="Odometer (km)"
        inputMode="numeric"
        withAsterisk={odometerRequired}
        description={odometerRequired ? 'Required by the organization' : 'Optional'}
      />
    </SimpleGrid>
  );
}
