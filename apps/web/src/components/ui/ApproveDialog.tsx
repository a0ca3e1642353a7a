import type { ReactNode } from 'react';
import { Alert, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { RequestFlag } from '@fleetfuel/contract';

export interface ApproveDialogProps {
  opened: boolean;
  title: string;
  children: ReactNode;
  /** The server's reason when it refused the approval (a wallet, a cap or a reserve that cannot cover it). */
  error: string | null;
  loading: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** The record's anomaly flags, shown before the approver confirms (fuel requests). */
  flags?: readonly RequestFlag[];
}

/**
 * Approving holds money or commits a budget, so it is confirmed (fuel and maintenance requests,
 * reserves); a refusal stays in the dialog beside the record it is about.
 */
export function ApproveDialog({ opened, title, children, error, loading, onConfirm, onCancel, flags = [] }: ApproveDialogProps) {
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered>
      <Stack gap="sm">
        {children}
        {flags.length > 0 && (
          <Alert
            color={flags.some((flag) => flag.severity === 'critical') ? 'red' : 'orange'}
            variant="light"
            icon={<IconAlertTriangle aria-hidden />}
            title={`Check ${flags.length === 1 ? 'this flag' : `these ${flags.length} flags`} before approving`}
          >
            <List size="sm" spacing={4}>
              {flags.map((flag) => (
                <List.Item key={flag.code}>
                  <Text span size="sm" fw={600}>
                    {flag.severity === 'critical' ? 'Critical' : 'Warning'}:
                  </Text>{' '}
                  {flag.message}
                </List.Item>
              ))}
            </List>
          </Alert>
        )}
        {error && (
          <Alert color="red" variant="light" title="Not approved">
            {error}
          </Alert>
        )}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onCancel} disabled={loading}>
            Cancel
          </Button>
          <Button color="green" onClick={onConfirm} loading={loading}>
            Approve
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
