import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from './toast';

/** How long the redirect notice stays readable before the browser leaves for the card page. */
const CHECKOUT_REDIRECT_DELAY_MS = 800;

const CHECKOUT_REDIRECT_NOTICE = 'Redirecting you to the secure card payment page…';

/** Spec section 8: a notice is shown before the browser goes to the card payment provider. */
export function redirectToCheckout(checkoutUrl: string): void {
  toast.info(CHECKOUT_REDIRECT_NOTICE, { autoClose: false });
  window.setTimeout(() => window.location.assign(checkoutUrl), CHECKOUT_REDIRECT_DELAY_MS);
}

/**
 * Back from the card payment page: the address's `?reference=` names the payment the page
 * confirms, and dismissing its notice drops the reference from the address (replacing the
 * history entry, so Back does not bring the notice again).
 */
export function usePaymentReference(): { reference: string | null; dismissReference: () => void } {
  const [params, setParams] = useSearchParams();
  const dismissReference = useCallback(() => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('reference');
        return next;
      },
      { replace: true },
    );
  }, [setParams]);
  return { reference: params.get('reference'), dismissReference };
}
