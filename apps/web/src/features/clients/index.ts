export { ClientsPanel, clientDetailsPath } from './components/ClientsPanel';
export { ClientDetails, clientWalletPath } from './components/ClientDetails';
export { useOrganizationAnalytics } from './api';
