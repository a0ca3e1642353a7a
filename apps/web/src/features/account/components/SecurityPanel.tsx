import { useState } from 'react';
import { Badge, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconDeviceDesktop, IconDeviceMobile } from '@tabler/icons-react';
import { toastReply } from '@/lib/toast';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { PasswordField, SubmitButton } from '@/components/ui/FormFields';
import { formatDateTime } from '@/lib/format';
import { useChangePassword, useEndSession, useSessions } from '../api';
import { describeUserAgent, passwordFormSchema, type PasswordFormValues } from '../account-forms';
import { FormCard } from '@/components/ui/FormCard';
import { useResettingForm } from '@/lib/resetting-form';
import { hasPermission } from '@fleetfuel/contract';
import { useAuth } from '@/lib/auth';
import { PumpPinForm } from './PumpPinForm';
import { StationPinForm } from './StationPinForm';
import { PersonalDataPanel } from './PersonalDataPanel';

const EMPTY_PASSWORDS: PasswordFormValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Security tab: change the password, a driver's pump PIN, and see or end the places the account is signed in. */
export function SecurityPanel() {
  const { user } = useAuth();
  return (
    <Stack gap="lg">
      <PasswordForm />
      {hasPermission(user?.role, 'pumpPin.own') && <PumpPinForm />}
      {hasPermission(user?.role, 'stationPin.own') && <StationPinForm />}
      <SessionsList />
      <PersonalDataPanel />
    </Stack>
  );
}

function PasswordForm() {
  const changePassword = useChangePassword();
  const { control, onSubmit } = useResettingForm({
    schema: passwordFormSchema,
    empty: EMPTY_PASSWORDS,
    save: async ({ currentPassword, newPassword }) => (await changePassword.mutateAsync({ currentPassword, newPassword })).message,
  });

  return (
    <FormCard
      title="Change password"
      formLabel="Change password"
      description="8 to 128 characters. Your other sessions end; this one stays signed in."
      onSubmit={onSubmit}
      submit={<SubmitButton control={control}>Change Password</SubmitButton>}
    >
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <PasswordField control={control} name="currentPassword" label="Current password" withAsterisk autoComplete="current-password" />
        <PasswordField control={control} name="newPassword" label="New password" withAsterisk autoComplete="new-password" />
        <PasswordField control={control} name="confirmPassword" label="Confirm new password" withAsterisk autoComplete="new-password" />
      </SimpleGrid>
    </FormCard>
  );
}

const MOBILE = /Android|iPhone|iPad|iPod|Mobile/;

function SessionsList() {
  const sessions = useSessions();
  const endSession = useEndSession();
  const [ending, setEnding] = useState<string | null>(null);

  const confirmEnd = async () => {
    if (ending === null) return;
    await toastReply(endSession.mutateAsync(ending));
    setEnding(null);
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <div>
          <Title order={3} size="h4">
            Sessions
          </Title>
          <Text size="sm" c="dimmed">
            Where your account is signed in. End a session you do not recognise, then change your password.
          </Text>
        </div>
        {sessions.isPending && <Skeleton height={64} radius="md" />}
        {sessions.data?.sessions.length === 0 && <Text c="dimmed">No Record</Text>}
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Sessions">
          {sessions.data?.sessions.map((session) => {
            const device = describeUserAgent(session.userAgent);
            const mobile = session.userAgent !== null && MOBILE.test(session.userAgent);
            return (
              <Paper component="li" key={session.id} withBorder radius="md" p="sm" aria-label={device}>
                <Group justify="space-between" wrap="wrap" gap="sm" align="center">
                  <Group gap="sm" wrap="nowrap" align="flex-start" style={{ minWidth: 0, flex: '1 1 260px' }}>
                    <ThemeIcon variant="light" color={session.current ? 'teal' : 'gray'} size={40} radius="md">
                      {mobile ? <IconDeviceMobile size={22} aria-hidden /> : <IconDeviceDesktop size={22} aria-hidden />}
                    </ThemeIcon>
                    <Stack gap={2} style={{ minWidth: 0 }}>
                      <Group gap="xs" wrap="wrap">
                        <Text fw={600} size="sm" title={session.userAgent ?? undefined}>
                          {device}
                        </Text>
                        {session.current && (
                          <Badge color="teal" variant="light" size="sm">
                            This device
                          </Badge>
                        )}
                      </Group>
                      <Text size="xs" c="dimmed">
                        {session.ipAddress ?? 'Unknown address'}
                      </Text>
                      <Text size="xs" c="dimmed">
                        Signed in {formatDateTime(session.createdAt)} · Last used {formatDateTime(session.lastUsedAt)}
                      </Text>
                    </Stack>
                  </Group>
                  {!session.current && (
                    <Button
                      variant="light"
                      color="red"
                      size="xs"
                      onClick={() => setEnding(session.id)}
                      aria-label={`End session ${device}`}
                    >
                      End session
                    </Button>
                  )}
                </Group>
              </Paper>
            );
          })}
        </Stack>
      </Stack>
      <ConfirmDialog
        opened={ending !== null}
        title="End session"
        message="That device will be signed out and must sign in again."
        confirmLabel="End session"
        danger
        loading={endSession.isPending}
        onConfirm={() => void confirmEnd()}
        onCancel={() => setEnding(null)}
      />
    </Paper>
  );
}
