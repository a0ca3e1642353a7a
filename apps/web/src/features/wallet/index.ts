export { WalletView } from './components/WalletView';
export { BankingSection } from './components/BankingSection';
export { TransactionsTable } from './components/TransactionsTable';
export { PaymentReturnNotice } from './components/PaymentReturnNotice';
export { useWallet } from './api';
