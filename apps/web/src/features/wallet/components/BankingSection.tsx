import { Center, Loader } from '@mantine/core';
import { useWallet } from '../api';
import { BankingForm } from './BankingForm';

/** The banking information form of a station's wallet, for the station's details page. */
export function BankingSection({ stationId }: { stationId: string }) {
  const wallet = useWallet({ stationId });
  if (wallet.isPending) {
    return (
      <Center py="md">
        <Loader size="sm" aria-label="Loading banking information" />
      </Center>
    );
  }
  if (!wallet.data) return null;
  const w = wallet.data.wallet;
  return <BankingForm key={`${w.id}:${w.accountNumber ?? ''}:${w.bankCode ?? ''}`} wallet={w} />;
}
