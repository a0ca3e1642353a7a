import { useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Group, List, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { MESSAGES, type RequestFlag } from '@fleetfuel/contract';

/** The approver's note is kept like a rejection note: at most 500 characters (the contract's approve body). */
const NOTE_MAX = 500;

/** The approver's note on a flagged request, held by the caller so that each opening starts empty. */
interface ApproveNote {
  value: string;
  onChange: (value: string) => void;
  /** The organization requires a note to approve a flagged request (Settings). */
  required: boolean;
}

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
  /** Asked for when the record carries flags: why the approver lets them pass. */
  note?: ApproveNote;
}

/**
 * Approving holds money or commits a budget, so it is confirmed (fuel and maintenance requests,
 * reserves); a refusal stays in the dialog beside the record it is about.
 */
export function ApproveDialog({ opened, title, children, error, loading, onConfirm, onCancel, flags = [], note }: ApproveDialogProps) {
  const askNote = note !== undefined && flags.length > 0;
  const typed = note?.value.trim() ?? '';
  const tooLong = askNote && typed.length > NOTE_MAX;
  const missing = askNote && note.required && typed === '';
  // Approve stays enabled (issue 46): pressed without the note it needs, it says so on the note.
  const [tried, setTried] = useState(false);
  if (!opened && tried) setTried(false);
  const noteRef = useRef<HTMLTextAreaElement>(null);
  const approve = () => {
    if (missing || tooLong) {
      setTried(true);
      noteRef.current?.focus();
      return;
    }
    onConfirm();
  };
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
        {askNote && (
          <Textarea
            ref={noteRef}
            label={note.required ? 'Note' : 'Note (optional)'}
            required={note.required}
            description={
              note.required
                ? 'Your organization requires a note to approve a flagged request: say why it is approved all the same.'
                : 'Why it is approved despite its flags; kept with the request and in the audit log.'
            }
            autosize
            minRows={2}
            maxRows={6}
            value={note.value}
            onChange={(event) => note.onChange(event.currentTarget.value)}
            error={tooLong ? MESSAGES.maxLength(NOTE_MAX) : tried && missing ? MESSAGES.required : undefined}
          />
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
          <Button color="green" onClick={approve} loading={loading}>
            Approve
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
