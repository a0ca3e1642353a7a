import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../lib/api-client';

/**
 * When the server refuses one field (a volume above the tank, an odometer that went back), its
 * message also goes under that field, where it stays once the toast is gone.
 */
export function showServerFieldError<T extends FieldValues>(error: unknown, values: T, setError: UseFormSetError<T>): void {
  if (!(error instanceof ApiError) || error.field === undefined || !(error.field in values)) return;
  const message = error.message.startsWith(`${error.field}: `) ? error.message.slice(error.field.length + 2) : error.message;
  setError(error.field as Path<T>, { type: 'server', message }, { shouldFocus: true });
}
