/**
 * The one path to the toasts: no other module imports react-toastify (nor calls its `toast`);
 * screens call `toast.success(…)` and the helpers below, and `app/Toasts` draws the container with
 * the library it gets from `loadToastify`. So the spec's toast rules (section 8's one toast per
 * failure, section 9's settings) live here and in `app/Toasts` only.
 *
 * react-toastify is loaded on first use (issue 16): the sign-in page shows no toast unless something
 * fails, so it does not download the library up front; after a sign-in `ToastHost` loads it once the
 * browser is idle. The container is mounted by `ToastHost` once the library is asked for. A toast
 * raised before the container is there waits in react-toastify's own queue and appears when it mounts.
 */
import type * as ReactToastify from 'react-toastify';
import type { ToastOptions } from 'react-toastify';
import { errorMessage } from './api-client';

type Toastify = typeof ReactToastify;

let library: Promise<Toastify> | null = null;
const requestListeners = new Set<() => void>();

/** Starts loading react-toastify (once) and tells `ToastHost` to mount the container. */
export function loadToastify(): Promise<Toastify> {
  if (library === null) {
    const loading = import('react-toastify');
    library = loading;
    // A failed download (connection lost) is retried by the next toast rather than kept as failed.
    loading.catch(() => {
      if (library === loading) library = null;
    });
    for (const listener of requestListeners) listener();
  }
  return library;
}

/** Whether anything has asked for toasts yet: `ToastHost` mounts the container from then on. */
export function toastsRequested(): boolean {
  return library !== null;
}

export function subscribeToToastRequests(listener: () => void): () => void {
  requestListeners.add(listener);
  return () => requestListeners.delete(listener);
}

type ToastKind = 'info' | 'success' | 'warning' | 'error';

function showToast(kind: ToastKind) {
  return (message: string, options?: ToastOptions): void => {
    loadToastify().then(
      (toastify) => toastify.toast[kind](message, options),
      // Without the library there is nothing to show the message with; the screen itself stays usable.
      () => undefined,
    );
  };
}

export const toast = {
  info: showToast('info'),
  success: showToast('success'),
  warning: showToast('warning'),
  error: showToast('error'),
};

/**
 * The one way a failed call reaches the user (spec section 8): the server's text, or the spec's
 * message when the call failed without one. The text doubles as the toast id, so that several
 * calls failing for one reason (or a screen and the query client reporting the same failure) show
 * one toast.
 */
export function notifyError(error: unknown): void {
  const message = errorMessage(error);
  toast.error(message, { toastId: `error:${message}` });
}

/** A file saved from the API (a coupon, a work order, a sheet of stickers): one toast per file, however often it is clicked. */
export function notifyDownloaded(filename: string): void {
  toast.success(`${filename} downloaded`, { toastId: `download:${filename}` });
}

/**
 * Waits for a write whose reply carries the message to show, and toasts that message. A refusal
 * has already reached the user as the query client's error toast: it resolves to null then, so the
 * caller can keep its dialog open.
 */
export async function toastReply<Reply extends { message: string }>(write: Promise<Reply>): Promise<Reply | null> {
  const reply = await write.catch(() => null);
  if (reply) toast.success(reply.message);
  return reply;
}
