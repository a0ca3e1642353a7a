import { useRef, useState } from 'react';
import { Button, Group, Paper, Progress, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconDownload, IconFileTypePdf } from '@tabler/icons-react';
import { MESSAGES } from '@fleetfuel/contract';
import { DateRangeInputs } from '@/components/ui/DateRangeInputs';
import { useDownloadReport } from '../api';
import { DATE_ORDER_MESSAGE, reportQuery, type ReportDefinition } from '../report-definitions';
import { progressPercent } from '../report-progress';

export interface ReportCardProps {
  report: ReportDefinition;
  /** ADMIN's chosen organization (null until chosen); ignored for others. */
  organizationId: string | null;
  needsOrganization: boolean;
  /** Generate was pressed before the organization was chosen: the page's Organization field says so. */
  onOrganizationMissing: () => void;
}

/** One report: its dates if it has any, a Generate button that downloads the PDF, and how far the download has come. */
export function ReportCard({ report, organizationId, needsOrganization, onOrganizationMissing }: ReportCardProps) {
  const [startDate, setStartDate] = useState('');
  const [endDate, setEndDate] = useState('');
  // Generate stays enabled (issue 46): pressed too early, the missing days say so and take the focus.
  const [tried, setTried] = useState(false);
  const fromRef = useRef<HTMLInputElement>(null);
  const toRef = useRef<HTMLInputElement>(null);
  const download = useDownloadReport(report);
  const state = reportQuery(report, { organizationId, startDate, endDate }, needsOrganization);
  const dateOrderError = !state.ready && state.reason === DATE_ORDER_MESSAGE ? DATE_ORDER_MESSAGE : undefined;
  const fromError = tried && startDate === '' ? MESSAGES.required : undefined;
  const toError = dateOrderError ?? (tried && endDate === '' ? MESSAGES.required : undefined);
  const generate = () => {
    if (state.ready) {
      download.mutate(state.query);
      return;
    }
    if (needsOrganization && !organizationId) {
      onOrganizationMissing();
      return;
    }
    setTried(true);
    (startDate === '' ? fromRef : toRef).current?.focus();
  };
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
            <DateRangeInputs
              from={startDate}
              to={endDate}
              onFromChange={setStartDate}
              onToChange={setEndDate}
              error={toError}
              fromError={fromError}
              fromRef={fromRef}
              toRef={toRef}
            />
          )}
        </Stack>
        <Stack gap={4}>
          <Button
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={download.isPending}
            onClick={generate}
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
