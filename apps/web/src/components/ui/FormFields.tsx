/**
 * Form inputs bound to react-hook-form with spec section 5's rules: a field's error shows only once
 * the field was touched (or a submit was tried), passwords have a show/hide toggle, selects start on
 * an empty '--select--' option. The submit button stays enabled while the form is invalid (issue 46): a
 * disabled one says nothing of what is missing and keyboard users cannot reach it; pressing it shows
 * every field's error and moves the focus to the first invalid field (react-hook-form's shouldFocusError,
 * through the refs the bound inputs register).
 */
import type { ReactNode } from 'react';
import {
  Button,
  Checkbox,
  Group,
  Stack,
  NativeSelect,
  PasswordInput,
  TextInput,
  Textarea,
  type ButtonProps,
  type NativeSelectProps,
  type PasswordInputProps,
  type TextInputProps,
  type TextareaProps,
} from '@mantine/core';
import { useController, useFormState, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';

type StringPath<T extends FieldValues> = FieldPathByValue<T, string | null | undefined>;

/** What the binding supplies, so a caller cannot pass it too. */
type BoundKeys = 'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'error';

interface BoundProps<T extends FieldValues> {
  control: Control<T>;
  name: StringPath<T>;
}

/** The props every bound input takes alike: its value as a string, change and blur, the visible error. */
function useBoundInput<T extends FieldValues>({ control, name }: BoundProps<T>) {
  const { field, fieldState, formState } = useController({ control, name });
  const visibleError = fieldState.isTouched || formState.isSubmitted ? fieldState.error?.message : undefined;
  return {
    ref: field.ref,
    name: field.name,
    value: field.value ?? '',
    onChange: (event: { currentTarget: { value: string } }) => field.onChange(event.currentTarget.value),
    onBlur: field.onBlur,
    error: visibleError,
  };
}

export interface CheckboxGroupFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPathByValue<T, string[]>;
  label: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  /** Side by side (a few short choices) rather than one under another. */
  inline?: boolean;
}

/** A required choice of one or more boxes; the first takes the focus when a submit finds none chosen. */
export function CheckboxGroupField<T extends FieldValues>({ control, name, label, options, inline }: CheckboxGroupFieldProps<T>) {
  const { field, fieldState, formState } = useController({ control, name });
  const boxes = options.map((option, index) => (
    <Checkbox key={option.value} ref={index === 0 ? field.ref : undefined} value={option.value} label={option.label} />
  ));
  return (
    <Checkbox.Group
      label={label}
      withAsterisk
      value={field.value}
      onChange={(value) => {
        field.onChange(value);
        field.onBlur();
      }}
      error={fieldState.isTouched || formState.isSubmitted ? fieldState.error?.message : undefined}
    >
      {inline ? (
        <Group gap="lg" mt={6}>
          {boxes}
        </Group>
      ) : (
        <Stack gap={6} mt="xs">
          {boxes}
        </Stack>
      )}
    </Checkbox.Group>
  );
}

/** An error the form learned outside the field's own rules (a refused sign-in): shown when the field has none. */
interface OuterError {
  outerError?: ReactNode;
}

export type TextFieldProps<T extends FieldValues> = BoundProps<T> & Omit<TextInputProps, BoundKeys> & OuterError;

export function TextField<T extends FieldValues>({ control, name, outerError, ...rest }: TextFieldProps<T>) {
  const input = useBoundInput({ control, name });
  return <TextInput {...rest} {...input} error={input.error ?? outerError} />;
}

export type TextareaFieldProps<T extends FieldValues> = BoundProps<T> & Omit<TextareaProps, BoundKeys>;

export function TextareaField<T extends FieldValues>({ control, name, ...rest }: TextareaFieldProps<T>) {
  const input = useBoundInput({ control, name });
  return <Textarea {...rest} {...input} />;
}

export type PasswordFieldProps<T extends FieldValues> = BoundProps<T> & Omit<PasswordInputProps, BoundKeys> & OuterError;

export function PasswordField<T extends FieldValues>({ control, name, outerError, ...rest }: PasswordFieldProps<T>) {
  const input = useBoundInput({ control, name });
  const error = input.error ?? outerError;
  return (
    <PasswordInput
      {...rest}
      {...input}
      error={error}
      // PasswordInput marks its inner input only with data-invalid; assistive technology reads aria-invalid.
      aria-invalid={error ? true : undefined}
      visibilityToggleButtonProps={{ 'aria-label': 'Show or hide password' }}
    />
  );
}

/** An account's password in its add/edit form: required when adding; left empty when editing, it stays as it is. */
export function AccountPasswordField<T extends FieldValues>({
  mode,
  ...rest
}: Omit<PasswordFieldProps<T>, 'label' | 'withAsterisk' | 'description' | 'autoComplete'> & { mode: 'create' | 'edit' }) {
  return (
    <PasswordField
      {...rest}
      label="Password"
      withAsterisk={mode === 'create'}
      description={mode === 'edit' ? 'Leave empty to keep the current password' : undefined}
      autoComplete="new-password"
    />
  );
}

export const SELECT_PLACEHOLDER = '--select--';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export type SelectFieldProps<T extends FieldValues> = BoundProps<T> &
  Omit<NativeSelectProps, BoundKeys | 'data'> & {
    options: readonly SelectOption[];
  };

export function SelectField<T extends FieldValues>({ control, name, options, ...rest }: SelectFieldProps<T>) {
  const input = useBoundInput({ control, name });
  return <NativeSelect {...rest} {...input} data={[{ value: '', label: SELECT_PLACEHOLDER }, ...options]} />;
}

export type SubmitButtonProps<T extends FieldValues> = Omit<ButtonProps, 'type'> & {
  control: Control<T>;
  disabled?: boolean;
  children: ReactNode;
};

/** Disabled only for a reason outside the form's values (`disabled`); busy while the form is submitting. */
export function SubmitButton<T extends FieldValues>({ control, disabled, loading, children, ...rest }: SubmitButtonProps<T>) {
  const { isSubmitting } = useFormState({ control });
  return (
    <Button {...rest} type="submit" disabled={disabled === true} loading={isSubmitting || loading === true}>
      {children}
    </Button>
  );
}

export interface FormActionsProps<T extends FieldValues> {
  control: Control<T>;
  onCancel: () => void;
  submitLabel: ReactNode;
  /** Keeps the submit disabled for a reason outside the form's values. */
  submitDisabled?: boolean;
}

/** The foot of a form: Cancel, then the submit button. */
export function FormActions<T extends FieldValues>({ control, onCancel, submitLabel, submitDisabled }: FormActionsProps<T>) {
  return (
    <Group justify="flex-end" mt="sm">
      <Button variant="default" onClick={onCancel}>
        Cancel
      </Button>
      <SubmitButton control={control} disabled={submitDisabled}>
        {submitLabel}
      </SubmitButton>
    </Group>
  );
}
