import { useState } from 'react';
import { Button, Group, Paper, Progress, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconDownload, IconFileTypePdf } from '@tabler/icons-react';
import { DateRangeInputs } from '@/components/ui/DateRangeInputs';
import { useDownloadReport } from '../api';
import { DATE_ORDER_MESSAGE, reportQuery, type ReportDefinition } from '../report-definitions';
import { progressPercent } from '../report-progress';

export interface ReportCardProps {
  report: ReportDefinition;
  /** ADMIN's chosen organization (null until chosen); ignored for others. */
  organizationId: string | null;
  needsOrganization: boolean;
}

/** One report: its dates if it has any, a Generate button that downloads the PDF, and how far the download has come. */
export function ReportCard({ report, organizationId, needsOrganization }: ReportCardProps) {
  const [startDate, setStartDate] = useState('');
  const [endDate, setEndDate] = useState('');
  const download = useDownloadReport(report);
  const state = reportQuery(report, { organizationId, startDate, endDate }, needsOrganization);
  const dateOrderError = !state.ready && state.reason === DATE_ORDER_MESSAGE ? DATE_ORDER_MESSAGE : undefined;
  const hintId = `report-hint-${report.kind}`;

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={report.title} h="100%">
      <Stack gap="sm" h="100%" justify="space-between">
        <Stack gap="sm">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <ThemeIcon variant="light" color="red" size={40} radius="md" aria-hidden>
              <IconFileTypePdf size={22} />
            </ThemeIcon>
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Title order={2} fz="md">
                {report.title}
              </Title>
              <Text size="sm" c="dimmed">
                {report.description}
              </Text>
            </Stack>
          </Group>
          {report.needsDates && (
            <DateRangeInputs from={startDate} to={endDate} onFromChange={setStartDate} onToChange={setEndDate} error={dateOrderError} />
          )}
        </Stack>
        <Stack gap={4}>
          <Button
            leftSection={<IconDownload size={16} aria-hidden />}
            disabled={!state.ready}
            loading={download.isPending}
            onClick={() => {
              if (state.ready) download.mutate(state.query);
            }}
            aria-describedby={state.ready ? undefined : hintId}
            aria-label={`Generate ${report.title} report`}
          >
            Generate
          </Button>
          {!state.ready && !dateOrderError && (
            <Text id={hintId} size="xs" c="dimmed">
              {state.reason}
            </Text>
          )}
          {download.isPending && (
            <Stack gap={4} role="status">
              {download.progress?.total ? (
                <>
                  <Progress value={progressPercent(download.progress)} size="sm" aria-label={`${report.title} report download`} />
                  <Text size="xs" c="dimmed">
                    Writing the PDF: {download.progress.pages} of {download.progress.total} pages
                  </Text>
                </>
              ) : (
                <Text size="xs" c="dimmed">
                  Preparing the PDF…
                </Text>
              )}
            </Stack>
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}
