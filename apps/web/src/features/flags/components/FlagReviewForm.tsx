import { Radio, Stack } from '@mantine/core';
// The verdict radios' sheet: radios come with the screens that use them (app/shell/signed-in-styles.ts).
import '@mantine/core/styles/Radio.css';
import { useMemo } from 'react';
import { useController, useForm, useFormState, useWatch, type Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ReviewFlag } from '@fleetfuel/contract';
import { FormActions, TextField, TextareaField } from '@/components/ui/FormFields';
import { formatCurrency } from '@/lib/format';
import { showFieldError } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useReviewFlag } from '../api';
import { flagReviewSchema, flagToReviewForm, toReviewBody, type FlagReviewValues } from '../flag-form';
import { VERDICT_DESCRIPTIONS, VERDICT_OPTIONS } from '../flag-labels';

/** The verdict, as FormFields show a field's error: once touched, or once a submit was tried. */
function VerdictField({ control }: { control: Control<FlagReviewValues> }) {
  const { field, fieldState } = useController({ control, name: 'status' });
  const { isSubmitted } = useFormState({ control });
  return (
    <Radio.Group
      label="Verdict"
      withAsterisk
      value={field.value}
      onChange={(value) => {
        field.onChange(value);
        field.onBlur();
      }}
      error={fieldState.isTouched || isSubmitted ? fieldState.error?.message : undefined}
    >
      <Stack gap="sm" mt="xs">
        {VERDICT_OPTIONS.map((option) => (
          <Radio
            key={option.value}
            value={option.value}
            label={option.label}
            description={VERDICT_DESCRIPTIONS[option.value]}
            color={option.value === 'CONFIRMED_FRAUD' ? 'red' : undefined}
          />
        ))}
      </Stack>
    </Radio.Group>
  );
}

export interface FlagReviewFormProps {
  flag: ReviewFlag;
  /** After a saved review, or on Cancel. */
  onDone: () => void;
}

/**
 * The organization admin's verdict on a flag: legitimate, suspected or confirmed fraud, why, and
 * for a confirmed fraud the naira won back. The server's message is the toast; a refusal that
 * names a field shows under it.
 */
export function FlagReviewForm({ flag, onDone }: FlagReviewFormProps) {
  const review = useReviewFlag();
  const paid = flag.request.amount;
  const schema = useMemo(() => flagReviewSchema(paid), [paid]);
  const { control, handleSubmit, getValues, setError } = useForm<FlagReviewValues>({
    resolver: zodResolver(schema),
    mode: 'all',
    defaultValues: flagToReviewForm(flag),
  });
  const status = useWatch({ control, name: 'status' });

  const submit = handleSubmit(async (values) => {
    try {
      const reply = await review.mutateAsync({ id: flag.id, body: toReviewBody(values) });
      toast.success(reply.message);
      onDone();
    } catch (error) {
      // The error toast comes from the query client; a named field also shows its message.
      showFieldError(error, getValues(), setError);
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Review flag">
      <Stack gap="md">
        <VerdictField control={control} />
        <TextareaField
          control={control}
          name="note"
          label="Note"
          withAsterisk
          description="What you found: kept with the flag and in the audit log."
          autosize
          minRows={2}
          maxRows={6}
        />
        {status === 'CONFIRMED_FRAUD' && (
          <TextField
            control={control}
            name="recoveredAmount"
            label="Amount recovered (₦)"
            inputMode="decimal"
            description={
              paid === null ? 'Nothing was paid for this fill.' : `Optional; at most the ${formatCurrency(paid)} paid for this fill.`
            }
          />
        )}
        <FormActions control={control} onCancel={onDone} submitLabel="Save Review" />
      </Stack>
    </form>
  );
}
