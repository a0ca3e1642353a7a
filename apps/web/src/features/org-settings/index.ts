export { OrganizationSettingsPanel } from './components/OrganizationSettingsPanel';
export { StationProfilePanel } from './components/StationProfilePanel';
