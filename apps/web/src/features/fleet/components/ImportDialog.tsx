/**
 * Import from CSV (Assets and Drivers pages): choose a file, see the server's dry run row by row
 * (rows with errors in red with their messages, duplicates marked, drivers without a password with
 * how their invitation to choose one goes), then import every row at once
 * when none is wrong. The server writes all rows or none, so the button stays off until the file
 * is clean.
 */
import { useState } from 'react';
import { Alert, Anchor, Badge, Button, FileInput, Group, Modal, NativeSelect, Progress, Stack, Table, Text } from '@mantine/core';
import { IconDownload, IconFileImport } from '@tabler/icons-react';
import { toast } from '@/lib/toast';
import type { ImportReply, ImportRow } from '@fleetfuel/contract';
import { useAuth } from '@/lib/auth';
import { useOrganizationChoices } from '@/lib/organization-options';
import { useImportCsv, type ImportKind } from '../api';
import { IMPORT_WORDS, templateHref } from '../import-csv';

const STATUS_BADGE: Record<ImportRow['status'], { color: string; label: string }> = {
  ok: { color: 'green', label: 'Ready' },
  error: { color: 'red', label: 'Error' },
  duplicate: { color: 'orange', label: 'Duplicate' },
};

/** "1 asset", "50 assets": `noun` is the plural. */
const counted = (count: number, noun: string) => `${count} ${count === 1 ? noun.slice(0, -1) : noun}`;

/** A driver imported without a password is invited to choose one: how, under the row's status. */
const INVITATION_NOTE: Record<NonNullable<ImportRow['invitation']>, string> = {
  email: 'Invitation by e-mail',
  sms: 'Invitation by SMS',
};

const ROW_BACKGROUND: Record<ImportRow['status'], string | undefined> = {
  ok: undefined,
  error: 'var(--mantine-color-red-light)',
  duplicate: 'var(--mantine-color-orange-light)',
};

function ImportPreview({ kind, preview }: { kind: ImportKind; preview: ImportReply }) {
  const { shown } = IMPORT_WORDS[kind];
  const { total, ok, errors, duplicates } = preview.summary;
  return (
    <Stack gap="xs">
      <Text size="sm" aria-live="polite">
        {total} rows: {ok} ready, {errors} with errors, {duplicates} duplicates
      </Text>
      <Table.ScrollContainer minWidth={560} mah={360}>
        <Table striped={false} withTableBorder stickyHeader aria-label="Import preview">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Line</Table.Th>
              {shown.map((column) => (
                <Table.Th key={column.key}>{column.label}</Table.Th>
              ))}
              <Table.Th>Status</Table.Th>
              <Table.Th>Problems</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {preview.rows.map((row) => (
              <Table.Tr key={row.row} bg={ROW_BACKGROUND[row.status]} data-status={row.status}>
                <Table.Td>{row.row}</Table.Td>
                {shown.map((column) => (
                  <Table.Td key={column.key}>{row.value[column.key] ?? ''}</Table.Td>
                ))}
                <Table.Td>
                  <Badge color={STATUS_BADGE[row.status].color} variant="light">
                    {STATUS_BADGE[row.status].label}
                  </Badge>
                  {row.invitation && (
                    <Text size="xs" c="dimmed">
                      {INVITATION_NOTE[row.invitation]}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  {row.errors.map((error) => (
                    <Text key={error.field} size="xs" c={row.status === 'error' ? 'red' : 'orange'}>
                      {error.field}: {error.message}
                    </Text>
                  ))}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

export function ImportDialog({ kind, opened, onClose }: { kind: ImportKind; opened: boolean; onClose: () => void }) {
  const words = IMPORT_WORDS[kind];
  const { user: me } = useAuth();
  const chooseOrganization = me?.role === 'ADMIN';
  const organizations = useOrganizationChoices(chooseOrganization);
  const [organizationId, setOrganizationId] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportReply | null>(null);
  const check = useImportCsv(kind);
  const save = useImportCsv(kind);

  const close = () => {
    setFile(null);
    setPreview(null);
    check.reset();
    onClose();
  };
  const run = async (chosen: File | null, organization: string) => {
    setPreview(null);
    if (!chosen || (chooseOrganization && !organization)) return;
    const reply = await check.mutateAsync({ file: chosen, dryRun: true, organizationId: organization || undefined }).catch(() => null);
    setPreview(reply);
  };
  const importAll = async () => {
    if (!file) return;
    const reply = await save.mutateAsync({ file, dryRun: false, organizationId: organizationId || undefined }).catch(() => null);
    if (!reply) return;
    toast.success(`${counted(reply.created, words.noun)} imported`);
    close();
  };
  const clean = preview !== null && preview.summary.ok > 0 && preview.summary.errors + preview.summary.duplicates === 0;
  const count = preview?.summary.ok ?? 0;

  return (
    <Modal opened={opened} onClose={close} title={`Import ${words.noun} from CSV`} size="xl">
      <Stack gap="md">
        <Text size="sm">
          One {kind === 'assets' ? 'asset' : 'driver'} per line, under a header row of the form&apos;s fields.{' '}
          <Anchor href={templateHref(words.columns)} download={words.templateName} size="sm">
            <IconDownload size={14} aria-hidden /> Download template
          </Anchor>
        </Text>
        {words.hint && (
          <Text size="sm" c="dimmed">
            {words.hint}
          </Text>
        )}
        {chooseOrganization && (
          <NativeSelect
            label="Client"
            withAsterisk
            value={organizationId}
            data={[{ value: '', label: '--select--' }, ...(organizations.data?.data.map((o) => ({ value: o.id, label: o.name })) ?? [])]}
            onChange={(event) => {
              setOrganizationId(event.currentTarget.value);
              void run(file, event.currentTarget.value);
            }}
          />
        )}
        <FileInput
          label="CSV file"
          placeholder="Choose a .csv file"
          accept=".csv,text/csv"
          clearable
          value={file}
          leftSection={<IconFileImport size={16} aria-hidden />}
          onChange={(chosen) => {
            setFile(chosen);
            void run(chosen, organizationId);
          }}
        />
        {check.isPending && <Progress value={100} animated striped aria-label="Checking the file" />}
        {check.error && <Alert color="red">{check.error.message}</Alert>}
        {preview && <ImportPreview kind={kind} preview={preview} />}
        {save.isPending && (
          <Stack gap={4}>
            <Progress value={100} animated striped aria-label={`Importing ${counted(count, words.noun)}`} />
            <Text size="xs" c="dimmed">
              Importing {counted(count, words.noun)}…
            </Text>
          </Stack>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button disabled={!clean} loading={save.isPending} onClick={() => void importAll()}>
            Import {counted(count, words.noun)}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The page's Import button with its dialog. */
export function ImportButton({ kind }: { kind: ImportKind }) {
  const [opened, setOpened] = useState(false);
  return (
    <Group justify="flex-end" mb="sm">
      <Button variant="default" leftSection={<IconFileImport size={16} aria-hidden />} onClick={() => setOpened(true)}>
        Import
      </Button>
      <ImportDialog kind={kind} opened={opened} onClose={() => setOpened(false)} />
    </Group>
  );
}
