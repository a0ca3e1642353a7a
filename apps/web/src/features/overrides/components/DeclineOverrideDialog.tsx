import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { MESSAGES, type PolicyOverride } from '@fleetfuel/contract';

/** The contract's limit on a decision's note. */
const NOTE_MAX = 300;

export interface DeclineOverrideDialogProps {
  /** The override being declined; null when the dialog is closed. */
  override: PolicyOverride | null;
  loading: boolean;
  onConfirm: (note: string) => void;
  onCancel: () => void;
}

/** Declining asks for an optional note, which the attendant reads at the pump. */
export function DeclineOverrideDialog({ override, loading, onConfirm, onCancel }: DeclineOverrideDialogProps) {
  return (
    <Modal opened={override !== null} onClose={onCancel} title="Decline this fill" centered>
      {/* Mounted on each opening, so that every decline starts with an empty note. */}
      {override && <DeclineForm override={override} loading={loading} onConfirm={onConfirm} onCancel={onCancel} />}
    </Modal>
  );
}

function DeclineForm({ override, loading, onConfirm, onCancel }: DeclineOverrideDialogProps & { override: PolicyOverride }) {
  const [note, setNote] = useState('');
  const tooLong = note.trim().length > NOTE_MAX;
  const plate = override.vehicle.plateNumber ?? `${override.vehicle.make} ${override.vehicle.model}`;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!tooLong) onConfirm(note.trim());
      }}
    >
      <Stack gap="md">
        <Text size="sm">
          {plate} at {override.station.name} will not get {override.dispensedVolume} L. The attendant may dispense less and try again.
        </Text>
        <Textarea
          label="Note (optional)"
          description="The attendant sees it at the pump."
          autosize
          minRows={2}
          maxRows={5}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
          error={tooLong ? MESSAGES.maxLength(NOTE_MAX) : undefined}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={loading}>
            Cancel
          </Button>
          <Button type="submit" color="red" loading={loading} disabled={tooLong}>
            Decline
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
