export { OverridesWaiting } from './components/OverridesWaiting';
