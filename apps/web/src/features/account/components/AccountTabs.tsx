import { Paper, Tabs, Text } from '@mantine/core';

export const ACCOUNT_TABS = [
  { value: 'general', label: 'General', upcoming: 'your profile details, with editing them and your picture' },
  { value: 'team', label: 'Team', upcoming: 'the people of your organization or station and their accounts' },
  { value: 'security', label: 'Security', upcoming: 'changing your password and ending your sessions' },
  { value: 'notification', label: 'Notification', upcoming: 'which e-mails and alerts you receive' },
] as const;

export type AccountTab = (typeof ACCOUNT_TABS)[number]['value'];

export function isAccountTab(value: string | undefined): value is AccountTab {
  return ACCOUNT_TABS.some((tab) => tab.value === value);
}

export interface AccountTabsProps {
  active: AccountTab;
  onChange: (tab: AccountTab) => void;
}

export function AccountTabs({ active, onChange }: AccountTabsProps) {
  return (
    <Tabs
      value={active}
      onChange={(value) => {
        if (value !== null && isAccountTab(value)) onChange(value);
      }}
      keepMounted={false}
    >
      <Tabs.List mb="md" style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}>
        {ACCOUNT_TABS.map((tab) => (
          <Tabs.Tab key={tab.value} value={tab.value}>
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {ACCOUNT_TABS.map((tab) => (
        <Tabs.Panel key={tab.value} value={tab.value}>
          <Paper withBorder radius="md" p="lg">
            <Text fw={600}>{tab.label}</Text>
            <Text c="dimmed" size="sm" mt={4}>
              Not available yet: this tab will hold {tab.upcoming}.
            </Text>
          </Paper>
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
