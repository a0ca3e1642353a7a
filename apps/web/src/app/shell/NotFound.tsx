import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

export function NotFound() {
  return (
    <Paper withBorder radius="md" p="xl" maw={560} mx="auto" mt="xl">
      <Stack align="center" gap="sm" ta="center">
        <Title order={1} fz={22}>
          Page not found
        </Title>
        <Text c="dimmed" size="sm">
          There is no page at this address.
        </Text>
        <Button component={Link} to="/" variant="light" mt="xs">
          Go to your home page
        </Button>
      </Stack>
    </Paper>
  );
}
