import { useNavigate, useParams } from 'react-router';
import { MANAGEABLE_ROLES } from '@fleetfuel/contract';
import { PageHeader } from '@/components/ui/PageHeader';
import { AccountTabs, NotificationPanel, ProfileForm, SecurityPanel, TeamNotice, isAccountTab } from '@/features/account';
import { UsersPanel } from '@/features/users';
import { useAuth } from '@/lib/auth';

/** Account Settings; the tab lives in the URL (/account, /account/team, …). */
export function AccountPage() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const segment = useParams()['*']?.split('/')[0];
  const active = isAccountTab(segment) ? segment : 'general';
  if (!user) return null;
  // The organization admin and the station representative manage their own people; the platform admin does so on the Admin page.
  const managesTeam = user.role !== 'ADMIN' && MANAGEABLE_ROLES[user.role].length > 0;

  return (
    <>
      <PageHeader title="Account Settings" description="Your profile, team, security and notifications" />
      <AccountTabs
        active={active}
        onChange={(tab) => void navigate(tab === 'general' ? '/account' : `/account/${tab}`)}
        panels={{
          general: <ProfileForm user={user} />,
          team: managesTeam ? <UsersPanel variant="team" /> : <TeamNotice role={user.role} />,
          security: <SecurityPanel />,
          notification: <NotificationPanel role={user.role} />,
        }}
      />
    </>
  );
}
