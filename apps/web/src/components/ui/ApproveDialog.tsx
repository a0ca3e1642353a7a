import type { ReactNode } from 'react';
import { Alert, Button, Group, Modal, Stack } from '@mantine/core';

export interface ApproveDialogProps {
  opened: boolean;
  title: string;
  children: ReactNode;
  /** The server's reason when it refused the approval (a wallet, a cap or a reserve that cannot cover it). */
  error: string | null;
  loading: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Approving holds money or commits a budget, so it is confirmed (fuel and maintenance requests,
 * reserves); a refusal stays in the dialog beside the record it is about.
 */
export function ApproveDialog({ opened, title, children, error, loading, onConfirm, onCancel }: ApproveDialogProps) {
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered>
      <Stack gap="sm">
        {children}
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
