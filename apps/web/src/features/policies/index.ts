export { PoliciesPanel } from './components/PoliciesPanel';
