import type { ReactNode } from 'react';
import { ActionIcon, Tooltip, type MantineColor } from '@mantine/core';
import { Link } from 'react-router';

export interface RowActionProps {
  /** What the action does, shown as a tooltip and read by screen readers (e.g. "Edit Acme"). */
  label: string;
  /** The short name of the action, shown in the tooltip (e.g. "Edit"). */
  tooltip: string;
  icon: ReactNode;
  onClick?: () => void;
  /** A link target instead of a click handler. */
  to?: string;
  /** The button's colour; the theme's primary colour when omitted. */
  color?: MantineColor;
}

/** A table row's action as a compact icon button, so that wide tables keep their columns in view. */
export function RowAction({ label, tooltip, icon, onClick, to, color }: RowActionProps) {
  return (
    <Tooltip label={tooltip} withArrow openDelay={200}>
      {to ? (
        <ActionIcon component={Link} to={to} variant="light" size="md" color={color} aria-label={label}>
          {icon}
        </ActionIcon>
      ) : (
        <ActionIcon variant="light" size="md" color={color} aria-label={label} onClick={onClick}>
          {icon}
        </ActionIcon>
      )}
    </Tooltip>
  );
}
