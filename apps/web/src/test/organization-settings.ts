/** A client organization's saved settings (all checks off), as the settings route answers them; tests start from them. */
import { TEST_ORGANIZATION_ID } from './render-with-app';

export const savedOrganizationSettings = {
  organizationId: TEST_ORGANIZATION_ID,
  name: 'Acme Logistics',
  type: 'CORPORATE',
  address: null,
  status: 'ACTIVE',
  domain: null,
  defaultStationId: null,
  couponValidityDays: 3,
  allowExpiredInsurance: true,
  serviceIntervalDays: 90,
  serviceIntervalKm: 5000,
  lowBalanceThreshold: 50_000,
  requireNoteForFlaggedApproval: false,
  requireDriverConfirmation: false,
  requireVehicleScan: false,
  requireOdometerAtPump: false,
  requireOdometerPhoto: false,
  asciiTexts: false,
};
