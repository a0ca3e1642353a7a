import { useRef, useState } from 'react';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { routes } from '@fleetfuel/contract';
import { DateRangeInputs } from '@/components/ui/DateRangeInputs';
import { SegmentedChoice } from '@/components/ui/SegmentedChoice';
import { fetchFile, saveFile } from '@/lib/download';
import { businessDate } from '@/lib/format';
import { statementQuery, type StatementFormat, type StatementOwner, type StatementPeriod } from './statement-query';

const PERIODS: { value: StatementPeriod; label: string }[] = [
  { value: 'today', label: 'Today' },
  { value: 'range', label: 'Date range' },
];

export interface StatementControlProps {
  /** The wallet's owner; ADMIN needs it to say which wallet, the owner's own people may leave it out. */
  owner?: StatementOwner | undefined;
}

/**
 * The wallet statement: today's, or any range's, as a PDF or CSV download. The file is fetched with
 * the bearer token and saved under the server's name, as the Reports page does; a failure reaches
 * the user as the query client's error toast.
 */
export function StatementControl({ owner }: StatementControlProps) {
  const today = businessDate();
  const [period, setPeriod] = useState<StatementPeriod>('today');
  const [from, setFrom] = useState(today);
  const [to, setTo] = useState(today);
  const download = useMutation({
    mutationFn: async (query: Record<string, string>) => {
      const file = await fetchFile(routes.statements.get, {}, `statement.${query.format ?? 'pdf'}`, query);
      saveFile(file);
      return file.filename;
    },
  });
  const stateFor = (format: StatementFormat) => statementQuery({ period, from, to, format, owner }, today);
  const pdf = stateFor('pdf');
  const rangeError = period === 'range' && !pdf.ready ? pdf.reason : undefined;
  const fromRef = useRef<HTMLInputElement>(null);
  const toRef = useRef<HTMLInputElement>(null);
  const button = (format: StatementFormat, label: string) => {
    const state = stateFor(format);
    return (
      <Button
        variant={format === 'pdf' ? 'filled' : 'default'}
        leftSection={<IconDownload size={16} aria-hidden />}
        loading={download.isPending && download.variables?.format === format}
        onClick={() => {
          // Enabled whatever the range (issue 46): a range that cannot be used is named under To, and its day takes the focus.
          if (state.ready) download.mutate(state.query);
          else (from === '' ? fromRef : toRef).current?.focus();
        }}
      >
        {label}
      </Button>
    );
  };
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} component="section" aria-labelledby="wallet-statement-title">
      <Stack gap="sm">
        <div>
          <Title order={2} fz="md" id="wallet-statement-title">
            Statement
          </Title>
          <Text size="sm" c="dimmed">
            Opening balance, every movement and the closing balance, reconciled.
          </Text>
        </div>
        <SegmentedChoice aria-label="Statement period" value={period} onChange={setPeriod} data={PERIODS} />
        {period === 'range' && (
          <DateRangeInputs
            from={from}
            to={to}
            onFromChange={setFrom}
            onToChange={setTo}
            error={rangeError}
            fromRef={fromRef}
            toRef={toRef}
          />
        )}
        <Group gap="sm">
          {button('pdf', 'Download PDF')}
          {button('csv', 'Download CSV')}
        </Group>
      </Stack>
    </Paper>
  );
}
