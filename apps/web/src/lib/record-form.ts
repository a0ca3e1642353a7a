import type { FormEvent } from 'react';
import { useForm, type DefaultValues, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ZodType } from 'zod';
import type { RecordFormProps } from '@/components/ui/RecordFormModal';
import { showFieldError } from './form-errors';
import { toast } from './toast';

/** What `RecordFormModal` gives its form (mode, record, `onDone`), and how the form reads and saves. */
export interface RecordFormOptions<Record, Values extends FieldValues> extends RecordFormProps<Record> {
  /** The form's rules (memoized by the caller where they depend on the mode or the user). */
  schema: ZodType<Values, Values>;
  /** The form's values for the record being edited. */
  toForm: (record: Record) => Values;
  /** The form's values when adding a record. */
  empty: () => Values;
  /** Adds the record; resolves to the success toast's text. */
  create: (values: Values) => Promise<string>;
  /** Saves the record being edited; resolves to the success toast's text. */
  update: (record: Record, values: Values) => Promise<string>;
}

export interface RecordForm<Values extends FieldValues> extends UseFormReturn<Values> {
  /** The form element's submit handler. */
  onSubmit: (event?: FormEvent) => void;
}

/**
 * The form of a registry's add/edit modal (`RecordFormModal`, which mounts a fresh form on each
 * opening and for each record, so the defaults here are read once a record): react-hook-form
 * with the zod rules, checked on every change; from the record being edited or empty; on submit
 * the save, its reply's toast, then `onDone`. A refusal that names a field of the form also shows
 * under that field (`showFieldError`); the error toast itself comes from the query client.
 */
export function useRecordForm<Record, Values extends FieldValues>({
  mode,
  record,
  onDone,
  schema,
  toForm,
  empty,
  create,
  update,
}: RecordFormOptions<Record, Values>): RecordForm<Values> {
  const form = useForm<Values, unknown, Values>({
    resolver: zodResolver(schema),
    mode: 'all',
    // A generic `Values` is not seen to fit its own DeepPartial; every field is given.
    defaultValues: (record ? toForm(record) : empty()) as DefaultValues<Values>,
  });
  const { handleSubmit, getValues, setError } = form;

  const submit = handleSubmit(async (values) => {
    try {
      if (mode === 'create') {
        toast.success(await create(values));
      } else if (record) {
        toast.success(await update(record, values));
      }
      onDone();
    } catch (error) {
      showFieldError(error, getValues(), setError);
    }
  });

  return { ...form, onSubmit: (event) => void submit(event) };
}
