import { PlannedPage } from './PlannedPage';

export function WalletPage() {
  return <PlannedPage title="Wallet" upcoming="your wallet balance, its transactions and printable receipts" />;
}
