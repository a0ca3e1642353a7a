export { ApiKeysPanel } from './components/ApiKeysPanel';
