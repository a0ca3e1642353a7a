import { Stack } from '@mantine/core';
import { PageHeader } from '@/components/ui/PageHeader';
import { CurrentPlanCard, ReservesPanel, useRefreshSubscription } from '@/features/billing';
import { PaymentReturnNotice, TransactionsTable, useWallet } from '@/features/wallet';
import { useAuth } from '@/lib/auth';
import { usePaymentReference } from '@/lib/checkout';

/** Billing & Reserves: the reserves, the current plan and its renewal, and the invoice history. */
export function BillingPage() {
  const { user } = useAuth();
  const wallet = useWallet({});
  const refreshSubscription = useRefreshSubscription();
  const { reference, dismissReference } = usePaymentReference();

  if (!user) return null;
  const w = wallet.data?.wallet;

  return (
    <>
      <PageHeader title="Billing & Reserves" description="Fuel reserves, your plan and its invoices" />
      <Stack gap="xl">
        {reference && w && (
          <PaymentReturnNotice wallet={w} reference={reference} onDismiss={dismissReference} onSuccess={() => void refreshSubscription()} />
        )}
        <ReservesPanel role={user.role} />
        <CurrentPlanCard role={user.role} />
        {w && <TransactionsTable wallet={w} title="Invoice History" initialType="SUBSCRIPTION" prefix="invoices" />}
      </Stack>
    </>
  );
}
