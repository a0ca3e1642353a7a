import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconGasStation } from '@tabler/icons-react';

/** The product's own mark, shown where no organization or station logo is set. */
export function Wordmark({ size = 'md' }: { size?: 'md' | 'lg' }) {
  const large = size === 'lg';
  return (
    <Group gap={8} wrap="nowrap" role="img" aria-label="FleetFuel">
      <ThemeIcon size={large ? 40 : 32} radius="md" variant="filled" aria-hidden>
        <IconGasStation size={large ? 24 : 20} stroke={1.8} />
      </ThemeIcon>
      <Text fw={800} fz={large ? 26 : 20} lh={1} style={{ letterSpacing: '-0.02em' }} aria-hidden>
        Fleet
        <Text span inherit c="teal.7">
          Fuel
        </Text>
      </Text>
    </Group>
  );
}
