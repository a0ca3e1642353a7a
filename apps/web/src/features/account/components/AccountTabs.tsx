import { useEffect, useRef, type ReactNode } from 'react';
import { Tabs } from '@mantine/core';
import { IconBell, IconShieldLock, IconUser, IconUsers } from '@tabler/icons-react';

const ACCOUNT_TABS = [
  { value: 'general', label: 'General', icon: IconUser },
  { value: 'team', label: 'Team', icon: IconUsers },
  { value: 'security', label: 'Security', icon: IconShieldLock },
  { value: 'notification', label: 'Notification', icon: IconBell },
] as const;

export type AccountTab = (typeof ACCOUNT_TABS)[number]['value'];

export function isAccountTab(value: string | undefined): value is AccountTab {
  return ACCOUNT_TABS.some((tab) => tab.value === value);
}

export interface AccountTabsProps {
  active: AccountTab;
  onChange: (tab: AccountTab) => void;
  /** What each tab shows; the page composes them, since the Team tab belongs to the users feature. */
  panels: Record<AccountTab, ReactNode>;
}

export function AccountTabs({ active, onChange, panels }: AccountTabsProps) {
  const list = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // On a phone the tab row scrolls: keep the chosen tab in sight (a link may open any of them).
    list.current?.querySelector('[data-active]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [active]);
  return (
    <Tabs
      value={active}
      onChange={(value) => {
        if (value !== null && isAccountTab(value)) onChange(value);
      }}
      keepMounted={false}
    >
      <Tabs.List ref={list} mb="md" style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}>
        {ACCOUNT_TABS.map(({ value, label, icon: Icon }) => (
          <Tabs.Tab key={value} value={value} leftSection={<Icon size={16} aria-hidden />}>
            {label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {ACCOUNT_TABS.map((tab) => (
        <Tabs.Panel key={tab.value} value={tab.value}>
          {panels[tab.value]}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
