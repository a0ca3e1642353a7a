import { PlannedPage } from './PlannedPage';

export function SettingsPage() {
  return (
    <PlannedPage
      title="Settings"
      upcoming="the settings of your role: fuel prices for station representatives, subscription plans for platform admins"
    />
  );
}
