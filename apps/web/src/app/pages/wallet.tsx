import { Alert, Button, Group, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/ui/PageHeader';
import { WalletView } from '@/features/wallet';
import { useAuth } from '@/lib/auth';
import { usePaymentReference } from '@/lib/checkout';

export function WalletPage() {
  const { user } = useAuth();
  const [params] = useSearchParams();
  const organizationId = params.get('organizationId');
  const stationId = params.get('stationId');
  const { reference, dismissReference } = usePaymentReference();

  if (!user) return null;

  if (user.role === 'ADMIN' && !organizationId && !stationId) {
    return (
      <>
        <PageHeader title="Wallet" />
        <Alert color="blue" title="Choose a wallet to open">
          <Text size="sm" mb="sm">
            Every client and every fuel station has its own wallet. Open a client or a station with its Manage action, then choose Go to
            Wallet.
          </Text>
          <Group gap="sm">
            <Button component={Link} to="/clients" size="xs" variant="light">
              Clients
            </Button>
            <Button component={Link} to="/fuel-stations" size="xs" variant="light">
              Fuel Stations
            </Button>
          </Group>
        </Alert>
      </>
    );
  }

  // The platform admin names the wallet; everyone else always sees their own.
  const owner = user.role === 'ADMIN' ? (organizationId ? { organizationId } : stationId ? { stationId } : {}) : {};

  return (
    <>
      <PageHeader title="Wallet" description="Balance, transactions and receipts" />
      <WalletView role={user.role} owner={owner} reference={reference} onDismissReference={dismissReference} />
    </>
  );
}
