import { toast } from 'react-toastify';

/** How long the redirect notice stays readable before the browser leaves for the card page. */
export const CHECKOUT_REDIRECT_DELAY_MS = 800;

export const CHECKOUT_REDIRECT_NOTICE = 'Redirecting you to the secure card payment page…';

/** Spec section 8: a notice is shown before the browser goes to the card payment provider. */
export function redirectToCheckout(checkoutUrl: string): void {
  toast.info(CHECKOUT_REDIRECT_NOTICE, { autoClose: false });
  window.setTimeout(() => window.location.assign(checkoutUrl), CHECKOUT_REDIRECT_DELAY_MS);
}
