import type { ReactNode } from 'react';
import { ActionIcon, Menu, type MantineColor } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';

export interface RowMenuItem {
  label: ReactNode;
  icon: ReactNode;
  onClick: () => void;
  /** A destructive item (Delete) is red. */
  color?: MantineColor;
}

/** A table row's actions behind one "…" button, for rows with more actions than fit as icons. */
export function RowMenu({ label, items }: { /** e.g. "Actions for Ada Okafor". */ label: string; items: readonly RowMenuItem[] }) {
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={label}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {items.map((item, index) => (
          <Menu.Item key={index} color={item.color} leftSection={item.icon} onClick={item.onClick}>
            {item.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
