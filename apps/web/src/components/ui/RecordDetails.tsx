/**
 * The details page of a registry record (a client, a fuel station): a link back to the list, the
 * states before the record is there (none chosen, loading, not found), then a summary card of its
 * picture, name, status, actions and details, with the page's own sections below.
 */
import type { ReactNode } from 'react';
import { Alert, Avatar, Button, Center, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconPencil, IconTrash, IconWallet } from '@tabler/icons-react';
import { Link } from 'react-router';
import { StatusBadge } from './StatusBadge';
import type { TenantStatus } from '@fleetfuel/contract';

export interface RecordDetailsProps<Record> {
  /** The id from the address; null when none was given. */
  id: string | null;
  /** The record's query. */
  record: { isPending: boolean; data: Record | undefined };
  /** What the record is, in lower case: "client", "fuel station". */
  noun: string;
  /** Where to find one when none is chosen, e.g. "Open a client from the Clients table with its Manage action." */
  chooseHint: string;
  back: { to: string; label: string };
  children: (record: Record, backLink: ReactNode) => ReactNode;
}

const capitalized = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

export function RecordDetails<Record>({ id, record, noun, chooseHint, back, children }: RecordDetailsProps<Record>) {
  const backLink = (
    <Button
      component={Link}
      to={back.to}
      variant="subtle"
      leftSection={<IconArrowLeft size={16} aria-hidden />}
      px={0}
      style={{ alignSelf: 'flex-start' }}
    >
      {back.label}
    </Button>
  );

  if (id === null) {
    return (
      <Stack align="flex-start">
        <Alert color="yellow" title={`No ${noun} chosen`}>
          {chooseHint}
        </Alert>
        {backLink}
      </Stack>
    );
  }
  if (record.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={`Loading ${noun}`} />
      </Center>
    );
  }
  if (!record.data) {
    return (
      <Stack align="flex-start">
        <Alert color="red" title={`${capitalized(noun)} not found`}>
          This {noun} does not exist or could not be loaded.
        </Alert>
        {backLink}
      </Stack>
    );
  }
  return children(record.data, backLink);
}

export interface RecordSummaryCardProps {
  name: string;
  imageUrl: string | null;
  /** The picture's text alternative, e.g. "Acme logo". */
  imageAlt: string;
  status: TenantStatus;
  /** Shown beside the status, e.g. the client's type. */
  subtitle: ReactNode;
  walletTo: string;
  onEdit: () => void;
  /** Offered only where the record may be deleted. */
  onDelete?: () => void;
  details: readonly { label: string; value: ReactNode }[];
}

/** The record's picture, name, status, its Wallet/Edit/Delete actions, and its details in a grid. */
export function RecordSummaryCard({
  name,
  imageUrl,
  imageAlt,
  status,
  subtitle,
  walletTo,
  onEdit,
  onDelete,
  details,
}: RecordSummaryCardProps) {
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
      <Group justify="space-between" align="flex-start" gap="md">
        <Group gap="md" wrap="nowrap" style={{ minWidth: 0 }}>
          <Avatar src={imageUrl} name={name} alt={imageAlt} size={64} radius="md" color="teal" />
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Title order={2} fz={{ base: 20, sm: 24 }}>
              {name}
            </Title>
            <Group gap="xs">
              <StatusBadge status={status} />
              {subtitle}
            </Group>
          </Stack>
        </Group>
        <Group gap="sm">
          <Button component={Link} to={walletTo} leftSection={<IconWallet size={16} aria-hidden />}>
            Go to Wallet
          </Button>
          <Button variant="default" leftSection={<IconPencil size={16} aria-hidden />} onClick={onEdit}>
            Edit
          </Button>
          {onDelete && (
            <Button variant="light" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={onDelete}>
              Delete
            </Button>
          )}
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="lg" mt="xl">
        {details.map((detail) => (
          <Stack key={detail.label} gap={2}>
            <Text size="xs" c="dimmed" fw={500} tt="uppercase">
              {detail.label}
            </Text>
            <Text size="sm" component="div">
              {detail.value}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Paper>
  );
}
