import { Avatar, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { ROLE_LABELS, type SessionUser } from '@fleetfuel/contract';

/** The signed-in user's profile, read-only until editing arrives with the account screens. */
export function ProfileForm({ user }: { user: SessionUser }) {
  return (
    <Paper withBorder radius="md" p="lg">
      <Group gap="md" mb="lg" wrap="nowrap">
        <Avatar src={user.imageUrl} name={user.name} color="initials" size={56} radius="xl" alt={user.name} />
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600} truncate>
            {user.name}
          </Text>
          <Text size="sm" c="dimmed" truncate>
            {user.title ?? ROLE_LABELS[user.role]}
          </Text>
        </Stack>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput label="Name" value={user.name} readOnly />
        <TextInput label="Email" value={user.email ?? ''} readOnly />
        <TextInput label="Phone" value={user.phone ?? ''} readOnly />
        <TextInput label="Title" value={user.title ?? ''} readOnly />
      </SimpleGrid>
    </Paper>
  );
}
