import { toast } from './toast';
import { errorMessage } from './api-client';

/**
 * The one way a failed call reaches the user (spec section 8). The text doubles as the toast id so
 * that several queries failing for one reason show one toast.
 */
export function notifyError(error: unknown): void {
  const message = errorMessage(error);
  toast.error(message, { toastId: `error:${message}` });
}
