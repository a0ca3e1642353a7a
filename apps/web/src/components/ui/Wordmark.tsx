import { Group, Text, ThemeIcon } from '@mantine/core';

/**
 * The gas-station mark (the path data of Tabler Icons' "gas-station", MIT), drawn inline: the
 * sign-in page shows it, and loading the icon library's component factory for it alone cost the
 * page a kilobyte (issue 16).
 */
function GasStationMark({ size }: { size: number }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
      focusable="false"
    >
      <path d="M14 11h1a2 2 0 0 1 2 2v3a1.5 1.5 0 0 0 3 0v-7l-3 -3" />
      <path d="M4 20v-14a2 2 0 0 1 2 -2h6a2 2 0 0 1 2 2v14" />
      <path d="M3 20l12 0" />
      <path d="M18 7v1a1 1 0 0 0 1 1h1" />
      <path d="M4 11l10 0" />
    </svg>
  );
}

/** The product's own mark, shown where no organization or station logo is set. */
export function Wordmark({ size = 'md' }: { size?: 'md' | 'lg' }) {
  const large = size === 'lg';
  return (
    <Group gap={8} wrap="nowrap" role="img" aria-label="FleetFuel">
      <ThemeIcon size={large ? 40 : 32} radius="md" variant="filled" aria-hidden>
        <GasStationMark size={large ? 24 : 20} />
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
