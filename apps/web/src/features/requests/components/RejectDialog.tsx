import { useState, type ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { MESSAGES } from '@fleetfuel/contract';

const NOTE_MAX = 500;

export interface RejectDialogProps {
  opened: boolean;
  title: string;
  /** What is being rejected, in a sentence. */
  message: ReactNode;
  loading: boolean;
  onConfirm: (note: string) => void;
  onCancel: () => void;
}

/** Rejecting asks for an optional note, which the requester reads with the request. */
export function RejectDialog({ opened, title, message, loading, onConfirm, onCancel }: RejectDialogProps) {
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered>
      {/* Mounted on each opening, so that every rejection starts with an empty note. */}
      {opened && <RejectForm message={message} loading={loading} onConfirm={onConfirm} onCancel={onCancel} />}
    </Modal>
  );
}

function RejectForm({ message, loading, onConfirm, onCancel }: Omit<RejectDialogProps, 'opened' | 'title'>) {
  const [note, setNote] = useState('');
  const tooLong = note.trim().length > NOTE_MAX;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!tooLong) onConfirm(note.trim());
      }}
    >
      <Stack gap="md">
        <Text size="sm">{message}</Text>
        <Textarea
          label="Note (optional)"
          description="Why the request is rejected; the requester sees it."
          autosize
          minRows={2}
          maxRows={6}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
          error={tooLong ? MESSAGES.maxLength(NOTE_MAX) : undefined}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={loading}>
            Cancel
          </Button>
          <Button type="submit" color="red" loading={loading} disabled={tooLong}>
            Reject
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
