import { Badge, Tooltip } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { RequestFlag } from '@fleetfuel/contract';

/** "2 anomaly flags": the marker's accessible name, so that a flagged row is known without its colour. */
function flagCountLabel(count: number): string {
  return `${count} anomaly ${count === 1 ? 'flag' : 'flags'}`;
}

/**
 * The mark of a flagged request in a table: an icon and the count, named for screen readers, with
 * the messages on hover; nothing for a request without flags.
 */
export function RequestFlagMarker({ flags }: { flags: readonly RequestFlag[] }) {
  if (flags.length === 0) return null;
  const critical = flags.some((flag) => flag.severity === 'critical');
  return (
    <Tooltip multiline w={320} label={flags.map((flag) => flag.message).join(' · ')} withArrow>
      <Badge
        component="span"
        role="img"
        aria-label={flagCountLabel(flags.length)}
        color={critical ? 'red' : 'orange'}
        variant="light"
        leftSection={<IconAlertTriangle size={14} aria-hidden />}
      >
        {flags.length}
      </Badge>
    </Tooltip>
  );
}
