export { ClientsPanel } from './components/ClientsPanel';
export { ClientDetails } from './components/ClientDetails';
export { useOrganizationAnalytics } from './api';
