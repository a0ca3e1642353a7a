import type { ReactNode } from 'react';
import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

/** A page the user cannot use here (missing, or outside their role): what happened, why, and the way home. */
export function PageNotice({ icon, title, children }: { icon?: ReactNode; title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="xl" maw={560} mx="auto" mt="xl">
      <Stack align="center" gap="sm" ta="center">
        {icon}
        <Title order={1} fz={22}>
          {title}
        </Title>
        <Text c="dimmed" size="sm">
          {children}
        </Text>
        <Button component={Link} to="/" variant="light" mt="xs">
          Go to your home page
        </Button>
      </Stack>
    </Paper>
  );
}
