import type { ReactNode } from 'react';
import { Box, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { Wordmark } from '@/components/ui/Wordmark';

export interface AuthLayoutProps {
  title: string;
  description: string;
  children: ReactNode;
  footer?: ReactNode;
}

/** The frame of the signed-out screens: the mark, one card, and an optional footer line. */
export function AuthLayout({ title, description, children, footer }: AuthLayoutProps) {
  return (
    <Box mih="100dvh" bg="gray.0" style={{ display: 'flex', flexDirection: 'column' }}>
      <Center component="main" style={{ flex: 1 }} px="md" py="xl">
        <Stack w="100%" maw={420} gap="lg">
          <Center>
            <Wordmark size="lg" />
          </Center>
          <Paper withBorder shadow="sm" radius="md" p={{ base: 'lg', sm: 'xl' }}>
            <Stack gap={4} mb="lg">
              <Title order={1} fz={22}>
                {title}
              </Title>
              <Text c="dimmed" size="sm">
                {description}
              </Text>
            </Stack>
            {children}
          </Paper>
        </Stack>
      </Center>
      {footer && (
        <Box component="footer" py="md" px="md">
          <Text ta="center" size="xs" c="dimmed">
            {footer}
          </Text>
        </Box>
      )}
    </Box>
  );
}

export function copyrightLine(): string {
  return `© ${new Date().getFullYear()} FleetFuel. All rights reserved.`;
}
