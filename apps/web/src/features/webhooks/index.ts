export { WebhooksPanel } from './components/WebhooksPanel';
