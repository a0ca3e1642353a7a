import { useRef, useState, type ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { MESSAGES } from '@fleetfuel/contract';

export interface NoteDialogProps {
  opened: boolean;
  title: string;
  /** What is being refused, in a sentence. */
  message: ReactNode;
  /** Who reads the note, and where: the textarea's description. */
  noteDescription: string;
  /** The contract's limit on the note. */
  noteMax: number;
  confirmLabel: string;
  loading: boolean;
  onConfirm: (note: string) => void;
  onCancel: () => void;
}

/** A refusal (a rejection, a declined fill) with an optional note for the person it refuses. */
export function NoteDialog({ opened, title, onCancel, ...form }: NoteDialogProps) {
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered>
      {/* Mounted on each opening, so that every refusal starts with an empty note. */}
      {opened && <NoteForm {...form} onCancel={onCancel} />}
    </Modal>
  );
}

function NoteForm({
  message,
  noteDescription,
  noteMax,
  confirmLabel,
  loading,
  onConfirm,
  onCancel,
}: Omit<NoteDialogProps, 'opened' | 'title'>) {
  const [note, setNote] = useState('');
  const tooLong = note.trim().length > noteMax;
  const noteRef = useRef<HTMLTextAreaElement>(null);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        // The confirm button stays enabled (issue 46): a note too long is sent nowhere, and its field takes the focus.
        if (tooLong) noteRef.current?.focus();
        else onConfirm(note.trim());
      }}
    >
      <Stack gap="md">
        <Text size="sm">{message}</Text>
        <Textarea
          ref={noteRef}
          label="Note (optional)"
          description={noteDescription}
          autosize
          minRows={2}
          maxRows={6}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
          error={tooLong ? MESSAGES.maxLength(noteMax) : undefined}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={loading}>
            Cancel
          </Button>
          <Button type="submit" color="red" loading={loading}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
