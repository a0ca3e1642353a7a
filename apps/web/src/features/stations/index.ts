export { StationsPanel, stationDetailsPath } from './components/StationsPanel';
export { StationDetails, stationWalletPath } from './components/StationDetails';
export { PriceManagement } from './components/PriceManagement';
export { useStationCounts } from './api';
