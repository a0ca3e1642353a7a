export { PlansPanel } from './components/PlansPanel';
export { usePlans } from './api';
