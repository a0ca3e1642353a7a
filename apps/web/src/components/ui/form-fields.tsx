/**
 * Form inputs bound to react-hook-form with spec section 5's rules: a field's error shows only once
 * the field was touched (or a submit was tried), passwords have a show/hide toggle, selects start on
 * an empty '--select--' option, and the submit button stays disabled while the form is invalid.
 */
import type { ReactNode } from 'react';
import {
  Button,
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
import {
  useController,
  useFormState,
  type Control,
  type FieldPathByValue,
  type FieldValues,
} from 'react-hook-form';

type StringPath<T extends FieldValues> = FieldPathByValue<T, string | null | undefined>;

interface BoundProps<T extends FieldValues> {
  control: Control<T>;
  name: StringPath<T>;
}

function useBoundField<T extends FieldValues>({ control, name }: BoundProps<T>) {
  const { field, fieldState, formState } = useController({ control, name });
  const visibleError = fieldState.isTouched || formState.isSubmitted ? fieldState.error?.message : undefined;
  return { field, error: visibleError };
}

export type TextFieldProps<T extends FieldValues> = BoundProps<T> &
  Omit<TextInputProps, 'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'error'>;

export function TextField<T extends FieldValues>({ control, name, ...rest }: TextFieldProps<T>) {
  const { field, error } = useBoundField({ control, name });
  return (
    <TextInput
      {...rest}
      ref={field.ref}
      name={field.name}
      value={field.value ?? ''}
      onChange={(event) => field.onChange(event.currentTarget.value)}
      onBlur={field.onBlur}
      error={error}
    />
  );
}

export type TextareaFieldProps<T extends FieldValues> = BoundProps<T> &
  Omit<TextareaProps, 'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'error'>;

export function TextareaField<T extends FieldValues>({ control, name, ...rest }: TextareaFieldProps<T>) {
  const { field, error } = useBoundField({ control, name });
  return (
    <Textarea
      {...rest}
      ref={field.ref}
      name={field.name}
      value={field.value ?? ''}
      onChange={(event) => field.onChange(event.currentTarget.value)}
      onBlur={field.onBlur}
      error={error}
    />
  );
}

export type PasswordFieldProps<T extends FieldValues> = BoundProps<T> &
  Omit<PasswordInputProps, 'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'error'>;

export function PasswordField<T extends FieldValues>({ control, name, ...rest }: PasswordFieldProps<T>) {
  const { field, error } = useBoundField({ control, name });
  return (
    <PasswordInput
      {...rest}
      ref={field.ref}
      name={field.name}
      value={field.value ?? ''}
      onChange={(event) => field.onChange(event.currentTarget.value)}
      onBlur={field.onBlur}
      error={error}
      visibilityToggleButtonProps={{ 'aria-label': 'Show or hide password' }}
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
  Omit<NativeSelectProps, 'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'error' | 'data'> & {
    options: readonly SelectOption[];
  };

export function SelectField<T extends FieldValues>({ control, name, options, ...rest }: SelectFieldProps<T>) {
  const { field, error } = useBoundField({ control, name });
  return (
    <NativeSelect
      {...rest}
      ref={field.ref}
      name={field.name}
      value={field.value ?? ''}
      onChange={(event) => field.onChange(event.currentTarget.value)}
      onBlur={field.onBlur}
      error={error}
      data={[{ value: '', label: SELECT_PLACEHOLDER }, ...options]}
    />
  );
}

export type SubmitButtonProps<T extends FieldValues> = Omit<ButtonProps, 'type'> & {
  control: Control<T>;
  disabled?: boolean;
  children: ReactNode;
};

export function SubmitButton<T extends FieldValues>({ control, disabled, loading, children, ...rest }: SubmitButtonProps<T>) {
  const { isValid, isSubmitting } = useFormState({ control });
  return (
    <Button {...rest} type="submit" disabled={!isValid || disabled === true} loading={isSubmitting || loading === true}>
      {children}
    </Button>
  );
}
