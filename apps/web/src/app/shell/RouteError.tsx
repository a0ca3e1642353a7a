import { Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router';

/** Shown when a page fails to load or to render, most often a stale chunk after a new release. */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;
  return (
    <Center mih="60dvh" p="md">
      <Paper withBorder radius="md" p="xl" maw={480}>
        <Stack align="center" gap="sm" ta="center">
          <Title order={1} fz={22}>
            Something went wrong
          </Title>
          <Text c="dimmed" size="sm">
            This page could not be shown{detail ? ` (${detail})` : ''}. Reloading usually helps.
          </Text>
          <Button onClick={() => window.location.reload()}>Reload</Button>
        </Stack>
      </Paper>
    </Center>
  );
}
