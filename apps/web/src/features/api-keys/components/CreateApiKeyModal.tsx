import { useState } from 'react';
import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@/lib/toast';
import { FormActions, SelectField, TextField } from '@/components/ui/FormFields';
import { showFieldError } from '@/lib/form-errors';
import { useCreateApiKey } from '../api';
import { EMPTY_API_KEY_FORM, SCOPE_OPTIONS, apiKeyFormSchema, toApiKeyBody } from '../api-key-form';

export interface CreateApiKeyModalProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * Names a new key and picks its scope, then shows the secret: this is the only time it can be read
 * (the API keeps only its hash), so the dialog says so and offers to copy it. Closing forgets it.
 */
export function CreateApiKeyModal({ opened, onClose }: CreateApiKeyModalProps) {
  const [secret, setSecret] = useState<string | null>(null);
  const close = () => {
    setSecret(null);
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={secret ? 'Copy your API key' : 'Create API key'} centered size="lg">
      {secret ? <SecretShownOnce secret={secret} onDone={close} /> : <CreateForm onCreated={setSecret} onCancel={close} />}
    </Modal>
  );
}

function CreateForm({ onCreated, onCancel }: { onCreated: (secret: string) => void; onCancel: () => void }) {
  const create = useCreateApiKey();
  const { control, handleSubmit, setError, getValues } = useForm({
    resolver: zodResolver(apiKeyFormSchema),
    mode: 'all',
    defaultValues: EMPTY_API_KEY_FORM,
  });
  const onSubmit = handleSubmit(async (values) => {
    try {
      const reply = await create.mutateAsync(toApiKeyBody(values));
      toast.success(reply.message);
      onCreated(reply.secret);
    } catch (error) {
      showFieldError(error, getValues(), setError);
    }
  });
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Create API key">
      <Stack gap="md">
        <TextField control={control} name="name" label="Name" description="What uses the key, e.g. Dispatch system" withAsterisk />
        <SelectField
          control={control}
          name="scope"
          label="Scope"
          description="A key never approves requests, moves money or manages users."
          options={SCOPE_OPTIONS}
          withAsterisk
        />
        <FormActions control={control} onCancel={onCancel} submitLabel="Create Key" />
      </Stack>
    </form>
  );
}

function SecretShownOnce({ secret, onDone }: { secret: string; onDone: () => void }) {
  return (
    <Stack gap="md">
      <Alert color="yellow" icon={<IconAlertTriangle size={18} aria-hidden />} title="Shown only once">
        Copy this key now and keep it somewhere safe: it will not be shown again. Anyone holding it can call the API as your organization
        within its scope.
      </Alert>
      <Code block aria-label="API key secret" style={{ wordBreak: 'break-all' }}>
        {secret}
      </Code>
      <Group justify="flex-end">
        <CopyButton value={secret}>
          {({ copied, copy }) => (
            <Button variant="light" color={copied ? 'teal' : undefined} onClick={copy}>
              {copied ? 'Copied' : 'Copy Key'}
            </Button>
          )}
        </CopyButton>
        <Button onClick={onDone}>Done</Button>
      </Group>
      <Text size="xs" c="dimmed">
        Send it as a bearer token: Authorization: Bearer {secret.slice(0, 12)}…
      </Text>
    </Stack>
  );
}
