export { ReservesPanel } from './components/ReservesPanel';
export { CurrentPlanCard } from './components/CurrentPlanCard';
export { useRefreshSubscription } from './api';
