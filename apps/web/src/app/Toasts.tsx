import type { ComponentType } from 'react';
import { loadToastify } from '@/lib/toast';

/**
 * Spec section 9's toast settings, drawn with react-toastify's container once `lib/toast` (the one
 * module that imports the library) has loaded it: on the first toast, or after a sign-in.
 */
export async function loadToasts(): Promise<{ default: ComponentType }> {
  const { Bounce, ToastContainer } = await loadToastify();
  function Toasts() {
    return (
      <ToastContainer
        position="top-right"
        autoClose={5000}
        pauseOnHover
        pauseOnFocusLoss
        draggable="touch"
        draggablePercent={80}
        hotKeys={(event) => event.altKey && event.code === 'KeyT'}
        newestOnTop
        transition={Bounce}
      />
    );
  }
  return { default: Toasts };
}
