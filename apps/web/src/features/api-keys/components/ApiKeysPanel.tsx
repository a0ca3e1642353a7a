import { useState } from 'react';
import { Alert, Button, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { toastReply } from '@/lib/toast';
import type { ApiKey } from '@fleetfuel/contract';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { StatusBadge } from '@/components/ui/StatusBadge';
import { formatDateTime } from '@/lib/format';
import { useApiKeys, useRevokeApiKey } from '../api';
import { SCOPE_LABELS } from '../api-key-form';
import { CreateApiKeyModal } from './CreateApiKeyModal';

/** Settings' API keys for the organization admin: the list, a new key, and revoking one. */
export function ApiKeysPanel() {
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  const confirmRevoke = async () => {
    if (!revoking) return;
    await toastReply(revoke.mutateAsync(revoking.id));
    setRevoking(null);
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <div>
            <Title order={3} size="h4">
              API keys
            </Title>
            <Text size="sm" c="dimmed">
              Let your own systems read your fleet&apos;s records or raise requests. Keys never approve, move money or manage users.
            </Text>
          </div>
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
            Create API Key
          </Button>
        </Group>
        {keys.isPending && <Skeleton height={80} radius="md" />}
        {keys.isError && <Alert color="red">The API keys could not be loaded.</Alert>}
        {keys.data?.apiKeys.length === 0 && <Text c="dimmed">No Record</Text>}
        {keys.data && keys.data.apiKeys.length > 0 && (
          <Table.ScrollContainer minWidth={760}>
            <Table aria-label="API keys" verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Scope</Table.Th>
                  <Table.Th>Key</Table.Th>
                  <Table.Th>Created</Table.Th>
                  <Table.Th>Last used</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th aria-label="Actions" />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {keys.data.apiKeys.map((key) => (
                  <Table.Tr key={key.id}>
                    <Table.Td>{key.name}</Table.Td>
                    <Table.Td>{SCOPE_LABELS[key.scope]}</Table.Td>
                    <Table.Td>
                      <Text ff="monospace" size="sm">
                        {key.prefix}…
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {formatDateTime(key.createdAt)}
                      <Text size="xs" c="dimmed">
                        by {key.createdBy.name}
                      </Text>
                    </Table.Td>
                    <Table.Td>{key.lastUsedAt ? formatDateTime(key.lastUsedAt) : 'Never'}</Table.Td>
                    <Table.Td>
                      <StatusBadge status={key.revokedAt ? 'REVOKED' : 'ACTIVE'} />
                    </Table.Td>
                    <Table.Td>
                      {!key.revokedAt && (
                        <Button size="xs" variant="subtle" color="red" onClick={() => setRevoking(key)}>
                          Revoke
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      <CreateApiKeyModal opened={creating} onClose={() => setCreating(false)} />
      <ConfirmDialog
        opened={revoking !== null}
        title="Revoke API key"
        message={`Revoke "${revoking?.name ?? ''}"? Systems using it are refused from now on; this cannot be undone.`}
        confirmLabel="Revoke"
        danger
        loading={revoke.isPending}
        onConfirm={() => void confirmRevoke()}
        onCancel={() => setRevoking(null)}
      />
    </Paper>
  );
}
