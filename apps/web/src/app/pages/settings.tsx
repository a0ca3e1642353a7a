import { PageHeader } from '@/components/ui/PageHeader';
import { ApiKeysPanel } from '@/features/api-keys';
import { OrganizationSettingsPanel, StationProfilePanel } from '@/features/org-settings';
import { PlansPanel } from '@/features/plans';
import { PriceManagement } from '@/features/stations';
import { WebhooksPanel } from '@/features/webhooks';
import { useAuth } from '@/lib/auth';

/**
 * Settings by role (spec section 2): plans for the platform admin, prices for a station representative,
 * the organization's profile and preferences for organization roles (editable by its admin, who also
 * manages the organization's API keys and webhooks), and the station's profile for an attendant.
 */
export function SettingsPage() {
  const { user } = useAuth();
  if (user?.role === 'ADMIN') {
    return (
      <>
        <PageHeader title="Settings" description="Subscription plans offered to client organizations" />
        <PlansPanel />
      </>
    );
  }
  if (user?.role === 'STATION_REP') {
    return (
      <>
        <PageHeader title="Settings" description="Fuel prices of your station" />
        <PriceManagement />
      </>
    );
  }
  if (user?.role === 'ATTENDANT') {
    return (
      <>
        <PageHeader title="Settings" description="Your station and its current prices" />
        <StationProfilePanel user={user} />
      </>
    );
  }
  if (!user) return null;
  const editable = user.role === 'ADMINISTRATOR';
  return (
    <>
      <PageHeader
        title="Settings"
        description={editable ? "Your organization's profile and preferences" : "Your organization's profile and preferences (read-only)"}
      />
      <OrganizationSettingsPanel editable={editable} />
      {editable && <ApiKeysPanel />}
      {editable && <WebhooksPanel />}
    </>
  );
}
