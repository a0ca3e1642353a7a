import { Stack } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../components/ui/PageHeader';
import { AccountTabs, ProfileForm, isAccountTab } from '../../features/account';
import { useAuth } from '../../lib/auth';

/** Account Settings; the tab lives in the URL (/account, /account/team, …). */
export function AccountPage() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const segment = useParams()['*']?.split('/')[0];
  const active = isAccountTab(segment) ? segment : 'general';
  if (!user) return null;

  return (
    <>
      <PageHeader title="Account Settings" description="Your profile and preferences" />
      <Stack gap="lg">
        <ProfileForm user={user} />
        <AccountTabs
          active={active}
          onChange={(tab) => void navigate(tab === 'general' ? '/account' : `/account/${tab}`)}
        />
      </Stack>
    </>
  );
}
