export { ReportsView } from './components/ReportsView';
