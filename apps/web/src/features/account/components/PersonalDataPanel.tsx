import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { saveJson } from '@/lib/download';
import { notifyDownloaded } from '@/lib/toast';
import { useMyDataExport } from '../api';

export const MY_DATA_FILENAME = 'fleetfuel-my-data.json';

/** The NDPA 2023's right of access (issue 45): the caller saves everything the platform holds about them. */
export function PersonalDataPanel() {
  const exportData = useMyDataExport();

  const download = async () => {
    // A failure reaches the user as the query client's error toast.
    const data = await exportData.mutateAsync().catch(() => null);
    if (!data) return;
    saveJson(data, MY_DATA_FILENAME);
    notifyDownloaded(MY_DATA_FILENAME);
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <div>
          <Title order={3} size="h4">
            Your personal data
          </Title>
          <Text size="sm" c="dimmed">
            A JSON file of everything FleetFuel holds about you: your profile, sign-ins, the fuel and maintenance requests you made or
            drove, the e-mails and texts sent to you, and the audit entries about you.
          </Text>
        </div>
        <Group justify="flex-end">
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={exportData.isPending}
            onClick={() => void download()}
          >
            Download my data
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
