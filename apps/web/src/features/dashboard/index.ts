export { FleetDashboard } from './components/FleetDashboard';
