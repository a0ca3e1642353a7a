export { StationDashboard } from './components/StationDashboard';
