import type { FormEvent } from 'react';
import { useForm, type DefaultValues, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ZodType } from 'zod';
import { showFieldError } from './form-errors';
import { toast } from './toast';

export interface ResettingFormOptions<Values extends FieldValues> {
  schema: ZodType<Values, Values>;
  /** The empty form it starts from, and returns to once saved (a password is not left typed in). */
  empty: Values;
  /** Saves the values; resolves to the success toast's text. */
  save: (values: Values) => Promise<string>;
}

/**
 * A form that sends a change and empties itself (a new e-mail, password or PIN): react-hook-form
 * with the zod rules, checked on every change; on submit the save, then the empty form and the
 * reply's toast. A refusal that names a field also shows under it; the error toast comes from the
 * query client.
 */
export interface ResettingForm<Values extends FieldValues> extends UseFormReturn<Values> {
  /** The form element's submit handler. */
  onSubmit: (event?: FormEvent) => Promise<void>;
}

export function useResettingForm<Values extends FieldValues>({ schema, empty, save }: ResettingFormOptions<Values>): ResettingForm<Values> {
  const form = useForm<Values, unknown, Values>({
    resolver: zodResolver(schema),
    mode: 'all',
    // A generic `Values` is not seen to fit its own DeepPartial; every field is given.
    defaultValues: empty as DefaultValues<Values>,
  });
  const { handleSubmit, reset, getValues, setError } = form;
  const onSubmit = handleSubmit(async (values) => {
    try {
      const message = await save(values);
      reset(empty);
      toast.success(message);
    } catch (error) {
      showFieldError(error, getValues(), setError);
    }
  });
  return { ...form, onSubmit };
}
