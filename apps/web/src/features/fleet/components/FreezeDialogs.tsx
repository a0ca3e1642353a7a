import { useState } from 'react';
import { Alert, Badge, Modal, Stack, Text } from '@mantine/core';
import { IconSnowflake } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { freezeBodySchema, type Vehicle } from '@fleetfuel/contract';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { FormActions, TextareaField } from '@/components/ui/FormFields';
import { formatDateTime } from '@/lib/format';
import { showFieldError } from '@/lib/form-errors';
import { toast, toastReply } from '@/lib/toast';
import { useFreeze, useUnfreeze, type FreezeKind } from '../api';

type Frozen = Vehicle['frozen'];

/** Which freeze dialog is open, for whom. */
export interface FreezeTarget {
  kind: FreezeKind;
  action: 'freeze' | 'unfreeze';
  id: string;
  /** The asset's plate (or make and model), or the driver's name. */
  name: string;
}

const NOUNS: Record<FreezeKind, string> = { vehicle: 'asset', driver: 'driver' };
const BADGE_STYLES = {
  root: { height: 'auto', paddingBlock: 2, maxWidth: '100%' },
  label: { whiteSpace: 'normal', overflow: 'visible', textTransform: 'none', textAlign: 'left' },
} as const;

/** "Frozen: <reason>" in a list's cell; nothing when not frozen. The reason is written out, not hidden behind a hover. */
export function FrozenBadge({ frozen }: { frozen: Frozen }) {
  if (!frozen) return null;
  return (
    <Badge color="indigo" variant="light" radius="sm" leftSection={<IconSnowflake size={12} aria-hidden />} styles={BADGE_STYLES}>
      Frozen: {frozen.reason}
    </Badge>
  );
}

/** The frozen notice at the top of a record's page. */
export function FrozenAlert({ frozen, noun }: { frozen: Frozen; noun: string }) {
  if (!frozen) return null;
  return (
    <Alert color="indigo" variant="light" icon={<IconSnowflake aria-hidden />} title={`Frozen: ${frozen.reason}`}>
      <Text size="sm">
        Since {formatDateTime(frozen.at)}. No fuel is requested, approved or redeemed for this {noun} until it is unfrozen.
      </Text>
    </Alert>
  );
}

/** Freezing asks why (the refusals name the reason); unfreezing is confirmed. */
export function FreezeDialogs({ target, onClose }: { target: FreezeTarget | null; onClose: () => void }) {
  // The dialogs keep their record while they animate closed.
  const [shown, setShown] = useState(target);
  if (target !== null && target !== shown) setShown(target);
  const kind = shown?.kind ?? 'vehicle';
  const unfreeze = useUnfreeze(kind);

  const confirmUnfreeze = async () => {
    if (!shown) return;
    // A refusal reaches the user as the query client's error toast, and the dialog stays open.
    if (!(await toastReply(unfreeze.mutateAsync(shown.id)))) return;
    onClose();
  };

  return (
    <>
      <Modal opened={target?.action === 'freeze'} onClose={onClose} title={`Freeze ${NOUNS[kind]}`} centered>
        {target?.action === 'freeze' && <FreezeForm key={target.id} target={target} onDone={onClose} />}
      </Modal>
      <ConfirmDialog
        opened={target?.action === 'unfreeze'}
        title={`Unfreeze ${NOUNS[kind]}`}
        message={
          shown ? (
            <>
              Unfreeze <strong>{shown.name}</strong>? Fuel can then be requested, approved and redeemed for it again.
            </>
          ) : null
        }
        confirmLabel="Unfreeze"
        loading={unfreeze.isPending}
        onConfirm={() => void confirmUnfreeze()}
        onCancel={onClose}
      />
    </>
  );
}

function FreezeForm({ target, onDone }: { target: FreezeTarget; onDone: () => void }) {
  const freeze = useFreeze(target.kind);
  const { control, handleSubmit, getValues, setError } = useForm({
    resolver: zodResolver(freezeBodySchema),
    mode: 'all',
    defaultValues: { reason: '' },
  });

  const onSubmit = handleSubmit(async ({ reason }) => {
    try {
      const reply = await freeze.mutateAsync({ id: target.id, reason });
      toast.success(reply.message);
      onDone();
    } catch (error) {
      showFieldError(error, getValues(), setError);
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={`Freeze ${NOUNS[target.kind]}`}>
      <Stack gap="md">
        <Text size="sm">
          Freeze <strong>{target.name}</strong>? Until it is unfrozen, no fuel is requested, approved or redeemed for it, and each refusal
          names the reason.
        </Text>
        <TextareaField control={control} name="reason" label="Reason" withAsterisk autosize minRows={2} maxRows={4} />
        <FormActions control={control} onCancel={onDone} submitLabel="Freeze" />
      </Stack>
    </form>
  );
}
