/** The sandbox provider's card page: plain HTML with two forms, no script (the CSP allows none inline). */
import { AppError, notFound } from '../../platform/errors.js';
import type { SandboxProvider } from '../../platform/payments/sandbox.js';
import { formatNaira } from '@fleetfuel/contract';

/** The page's icon inline (the CSP allows data: images), so the browser asks the server for no favicon. */
const FAVICON = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#0b7a5a"/><path d="M10 8h9v16h-9z" fill="#fff"/><path d="M19 12l4 3v7a1.5 1.5 0 0 1-3 0v-4h-1" fill="none" stroke="#fff" stroke-width="2"/></svg>')}`;

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function sandboxCheckoutPage(charge: { reference: string; amountKobo: bigint; email: string; status: string }): string {
  const action = `/api/payments/sandbox/checkout/${encodeURIComponent(charge.reference)}`;
  const open = charge.status === 'pending';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>FleetFuel sandbox checkout</title>
<link rel="icon" href="${FAVICON}">
<style>
  body { font-family: system-ui, sans-serif; background: #f5f7f6; margin: 0; display: grid; place-items: center; min-height: 100vh; color: #1f2a27; }
  main { background: #fff; border-radius: 12px; box-shadow: 0 4px 24px rgba(0,0,0,.08); padding: 32px; width: min(420px, 92vw); }
  h1 { font-size: 20px; margin: 0 0 4px; } .muted { color: #6b7a75; font-size: 14px; margin: 0 0 24px; }
  .amount { font-size: 32px; font-weight: 700; margin: 8px 0 24px; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 6px 12px; font-size: 14px; margin: 0 0 24px; } dt { color: #6b7a75; }
  button { width: 100%; padding: 12px; border-radius: 8px; border: 0; font-size: 16px; font-weight: 600; cursor: pointer; margin-top: 8px; }
  .pay { background: #0b7a5a; color: #fff; } .fail { background: #fff; color: #c92a2a; border: 1px solid #c92a2a; }
  .badge { display: inline-block; background: #fff3bf; color: #8a6d00; font-size: 12px; padding: 2px 8px; border-radius: 999px; }
</style></head>
<body><main>
  <span class="badge">Sandbox: no real card is charged</span>
  <h1>FleetFuel card payment</h1>
  <p class="muted">Choose what the card does, as a real payer would on the provider's page.</p>
  <div class="amount">${escape(formatNaira(charge.amountKobo))}</div>
  <dl><dt>Reference</dt><dd>${escape(charge.reference)}</dd><dt>Payer</dt><dd>${escape(charge.email)}</dd></dl>
  ${
    open
      ? `<form method="post" action="${action}"><input type="hidden" name="outcome" value="success"><button class="pay" type="submit">Pay ${escape(formatNaira(charge.amountKobo))}</button></form>
  <form method="post" action="${action}"><input type="hidden" name="outcome" value="failed"><button class="fail" type="submit">Decline the payment</button></form>`
      : `<p>This payment is already ${escape(charge.status)}.</p>`
  }
</main></body></html>`;
}

/** The sandbox checkout's two calls: the card page of a charge, and where the payer goes after choosing. */
export function createSandboxCheckout(sandbox: SandboxProvider) {
  return {
    async page(reference: string): Promise<string> {
      const charge = await sandbox.findCharge(reference);
      if (!charge) throw notFound('Payment');
      return sandboxCheckoutPage({ reference, ...charge });
    },

    /** The address to send the payer back to once the sandbox has settled the charge. */
    async complete(reference: string, outcome: 'success' | 'failed'): Promise<string> {
      const destination = await sandbox.completeCheckout(reference, outcome);
      if (!destination) throw new AppError('CONFLICT', 'This payment was already completed');
      return destination;
    },
  };
}

export type SandboxCheckout = ReturnType<typeof createSandboxCheckout>;
