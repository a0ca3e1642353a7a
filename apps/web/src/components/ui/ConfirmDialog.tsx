import type { ReactNode } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import { toastReply } from '@/lib/toast';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  loading?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({ opened, title, message, confirmLabel, danger, loading, onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered>
      <Text size="sm">{message}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel} disabled={loading}>
          Cancel
        </Button>
        <Button color={danger ? 'red' : undefined} onClick={onConfirm} loading={loading}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}

export interface ConfirmWriteDialogProps<Record extends { id: string }> extends Pick<
  ConfirmDialogProps,
  'title' | 'confirmLabel' | 'danger'
> {
  /** The record the write is about; the dialog is open while there is one. */
  record: Record | null;
  /** The write, by the record's id; its reply's message is the success toast. */
  write: { mutateAsync: (id: string) => Promise<{ message: string }>; isPending: boolean };
  message: (record: Record) => ReactNode;
  onClose: () => void;
}

/**
 * Confirms a write on one record: once it succeeds the dialog closes; a refusal reaches the user as
 * the query client's error toast, and the dialog stays open.
 */
export function ConfirmWriteDialog<Record extends { id: string }>({
  record,
  write,
  message,
  onClose,
  ...dialog
}: ConfirmWriteDialogProps<Record>) {
  const confirm = async () => {
    if (record && (await toastReply(write.mutateAsync(record.id)))) onClose();
  };
  return (
    <ConfirmDialog
      {...dialog}
      opened={record !== null}
      message={record ? message(record) : ''}
      loading={write.isPending}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    />
  );
}
