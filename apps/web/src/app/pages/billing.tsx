import { PlannedPage } from './PlannedPage';

export function BillingPage() {
  return (
    <PlannedPage
      title="Billing"
      upcoming="your fuel reserves, the current plan and its usage, subscription renewal and invoice history"
    />
  );
}
