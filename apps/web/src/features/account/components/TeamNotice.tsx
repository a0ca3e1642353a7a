import { Paper, Text, Title } from '@mantine/core';
import { ROLE_LABELS, type Role } from '@fleetfuel/contract';

/** The Team tab of someone who manages no accounts. */
export function TeamNotice({ role }: { role: Role }) {
  const manager = role === 'ATTENDANT' ? `your station's ${ROLE_LABELS.STATION_REP}` : `your organization's ${ROLE_LABELS.ADMINISTRATOR}`;
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Title order={3} size="h4">
        Team
      </Title>
      <Text size="sm" c="dimmed" mt={4}>
        {role === 'ADMIN'
          ? 'Platform accounts are managed on the Admin page, under Users.'
          : `Your team is managed by ${manager}. Ask them to add people, change roles or disable accounts.`}
      </Text>
    </Paper>
  );
}
