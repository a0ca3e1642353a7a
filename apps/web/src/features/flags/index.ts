export { FlagsPanel } from './components/FlagsPanel';
