/**
 * react-toastify loaded on first use (issue 16): the sign-in page shows no toast unless something
 * fails, so it does not download the library up front. Modules on the signed-out screens (and the
 * app-wide error reporting) call this `toast`; the container is mounted by `ToastHost` once the
 * library is asked for. A toast raised before the container is there waits in react-toastify's
 * own queue and appears when it mounts.
 */
import type * as ReactToastify from 'react-toastify';
import type { ToastOptions } from 'react-toastify';

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
