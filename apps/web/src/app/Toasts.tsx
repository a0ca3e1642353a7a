import { Bounce, ToastContainer } from 'react-toastify';

/** Spec section 9's toast settings. Loaded with react-toastify, on the first toast (see `lib/toast`). */
export function Toasts() {
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
