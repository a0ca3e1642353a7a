import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';

export function NoAccess() {
  return (
    <Paper withBorder radius="md" p="xl" maw={560} mx="auto" mt="xl">
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={48} radius="xl" variant="light" color="gray" aria-hidden>
          <IconLock size={26} />
        </ThemeIcon>
        <Title order={1} fz={22}>
          You do not have access to this page
        </Title>
        <Text c="dimmed" size="sm">
          Your role does not include this part of FleetFuel. If you need it, ask your administrator.
        </Text>
        <Button component={Link} to="/" variant="light" mt="xs">
          Go to your home page
        </Button>
      </Stack>
    </Paper>
  );
}
