import { useState } from 'react';
import { Button, FileInput, Group, Stack } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toastReply } from '@/lib/toast';
import type { Ticket } from '@fleetfuel/contract';
import { FormModal } from '@/components/ui/FormModal';
import { SubmitButton, TextField, TextareaField } from '@/components/ui/FormFields';
import { useCreateTicket } from '../api';
import { ATTACHMENT_ACCEPT, attachmentError, ticketFormSchema, toTicketFormData } from '../ticket-form';

export interface NewTicketModalProps {
  opened: boolean;
  onClose: () => void;
  onCreated: (ticket: Ticket) => void;
}

export function NewTicketModal({ opened, onClose, onCreated }: NewTicketModalProps) {
  return (
    <FormModal opened={opened} onClose={onClose} title="New ticket">
      {opened && <NewTicketForm onCancel={onClose} onCreated={onCreated} />}
    </FormModal>
  );
}

function NewTicketForm({ onCancel, onCreated }: { onCancel: () => void; onCreated: (ticket: Ticket) => void }) {
  const createTicket = useCreateTicket();
  const [attachment, setAttachment] = useState<File | null>(null);
  const fileError = attachmentError(attachment);
  const { control, handleSubmit } = useForm({
    resolver: zodResolver(ticketFormSchema),
    mode: 'all',
    defaultValues: { subject: '', message: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    const reply = await toastReply(createTicket.mutateAsync(toTicketFormData(values, attachment)));
    if (!reply) return;
    onCreated(reply.ticket);
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="New ticket">
      <Stack gap="md">
        <TextField control={control} name="subject" label="Subject" withAsterisk maxLength={200} autoComplete="off" />
        <TextareaField
          control={control}
          name="message"
          label="Message"
          withAsterisk
          autosize
          minRows={5}
          maxRows={12}
          maxLength={5000}
          placeholder="What happened, and what did you expect? Add request or coupon codes if they help."
        />
        <FileInput
          label="Attachment"
          description="Optional: a PDF or an image, up to 10 MB"
          placeholder="Choose a file"
          accept={ATTACHMENT_ACCEPT}
          clearable
          value={attachment}
          onChange={setAttachment}
          error={fileError ?? undefined}
          leftSection={<IconPaperclip size={16} aria-hidden />}
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <SubmitButton control={control} disabled={fileError !== null}>
            Send Ticket
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
