/** How the audit trail's codes and stored values read on screen. */
import { ROLE_LABELS, type AuditAction, type AuditEntityType, type AuditValue, type Role } from '@fleetfuel/contract';
import { statusLabel } from '@/components/ui/StatusBadge';
import { formatCurrency, formatDateTime, formatNumber } from '@/lib/format';

/** "fuel_request" → "Fuel request". */
function sentenceCase(code: string): string {
  const words = code.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Records the screens name otherwise than the API's tables: vehicles are assets, departments groups. */
const ENTITY_NAMES: Partial<Record<AuditEntityType, string>> = { vehicle: 'Asset', department: 'Group' };

export const entityTypeLabel = (type: AuditEntityType): string => ENTITY_NAMES[type] ?? sentenceCase(type);

/** "fuel_request.approved" → "Fuel request approved". */
export function actionLabel(action: AuditAction): string {
  const [entity = '', verb = ''] = action.split('.');
  return `${entityTypeLabel(entity as AuditEntityType)} ${verb.replaceAll('_', ' ')}`;
}

/** "pricePerUnit" → "Price per unit"; fuel types ("DIESEL", a price change) stay as they are. */
export function fieldLabel(field: string): string {
  if (/^[A-Z_]+$/.test(field)) return field;
  const words = field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Fields the API stores in naira: amounts, prices, balances, and a price change's fuel types. */
const MONEY_FIELDS = new Set(['amount', 'fee', 'balance', 'heldAmount', 'pricePerUnit', 'finalCost']);
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

export function valueLabel(field: string, value: AuditValue): string {
  if (value === null || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return MONEY_FIELDS.has(field) || /^[A-Z_]+$/.test(field) ? formatCurrency(value) : formatNumber(value);
  if (ISO_INSTANT.test(value)) return formatDateTime(value);
  if (field === 'status') return statusLabel(value);
  if (field === 'role') return ROLE_LABELS[value as Role] ?? value;
  return value;
}

/** Where a record an entry names can be opened (the generic details route checks access), if anywhere. */
const DETAILS_TYPES: Partial<Record<AuditEntityType, string>> = {
  fuel_request: 'fuel-request',
  maintenance_request: 'maintenance',
  organization: 'organization',
  fuel_station: 'fuel-station',
  vehicle: 'asset',
};

export function recordPath(type: AuditEntityType, id: string): string | null {
  const detailsType = DETAILS_TYPES[type];
  return detailsType ? `/details?type=${detailsType}&id=${encodeURIComponent(id)}` : null;
}
