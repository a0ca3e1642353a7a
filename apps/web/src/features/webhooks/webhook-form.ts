/** The add-webhook form (checked by the contract's body schema) and a label for each event. */
import { WEBHOOK_EVENTS, type WebhookEvent } from '@fleetfuel/contract';

export interface WebhookFormValues {
  url: string;
  events: WebhookEvent[];
}

export const EMPTY_WEBHOOK_FORM: WebhookFormValues = { url: '', events: [] };

export const EVENT_LABELS: Record<WebhookEvent, string> = {
  'fuel_request.created': 'Fuel request created',
  'fuel_request.approved': 'Fuel request approved',
  'fuel_request.rejected': 'Fuel request rejected',
  'fuel_request.redeemed': 'Fuel request redeemed',
  'maintenance.created': 'Maintenance request created',
  'maintenance.approved': 'Maintenance request approved',
  'maintenance.rejected': 'Maintenance request rejected',
  'maintenance.completed': 'Maintenance completed',
  'wallet.funded': 'Wallet funded',
  'wallet.low_balance': 'Wallet balance low',
};

export const EVENT_OPTIONS = WEBHOOK_EVENTS.map((value) => ({ value, label: EVENT_LABELS[value] }));
