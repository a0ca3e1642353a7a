export { AuditLogPanel } from './components/AuditLogPanel';
export { RecordHistory } from './components/RecordHistory';
