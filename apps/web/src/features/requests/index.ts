export { FuelTracking } from './components/FuelTracking';
export { DriverFuelRequests } from './components/DriverFuelRequests';
export { MaintenanceView } from './components/MaintenanceView';
export { RequestRecord } from './components/RequestRecord';
export { FuelRequestDecision } from './components/FuelRequestDecision';
