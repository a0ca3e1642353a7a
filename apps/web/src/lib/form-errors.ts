import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/**
 * When the server refuses one field of a form (a plate number already taken, a wrong current
 * password, a volume above the tank), its message also goes under that field, so the user sees
 * where to fix it once the toast is gone. Other errors are left to the toast alone.
 */
export function showFieldError<T extends FieldValues>(error: unknown, values: T, setError: UseFormSetError<T>): void {
  if (!(error instanceof ApiError) || error.field === undefined || !(error.field in values)) return;
  // The server may prefix the field name ("plateNumber: …"); under the field itself it is redundant.
  const message = error.message.startsWith(`${error.field}: `) ? error.message.slice(error.field.length + 2) : error.message;
  setError(error.field as Path<T>, { type: 'server', message }, { shouldFocus: true });
}
