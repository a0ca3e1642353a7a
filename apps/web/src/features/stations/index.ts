export { StationsPanel } from './components/StationsPanel';
export { StationDetails } from './components/StationDetails';
export { PriceManagement } from './components/PriceManagement';
export { useStationCounts } from './api';
