import { useState } from 'react';
import { Anchor, Center, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@/lib/toast';
import type { Insurance, Vehicle } from '@fleetfuel/contract';
import { SelectField, SubmitButton, TextField } from '@/components/ui/FormFields';
import { StatusBadge } from '@/components/ui/StatusBadge';
import { formatCurrency, formatDate } from '@/lib/format';
import { useInsurance, useSaveInsurance } from '../api';
import { documentFileError } from '../document-file';
import { showFieldError } from '@/lib/form-errors';
import { insuranceFormSchema, insuranceToForm, insuranceTypeChoices, toInsuranceFormData } from '../insurance-form';
import { DetailGrid } from './DetailGrid';
import { DocumentUploadField } from './DocumentUploadField';

export interface InsurancePanelProps {
  vehicle: Vehicle;
  /** Fleet managers record and renew policies; a driver only reads its vehicle's. */
  canManage: boolean;
}

/** The Insurance tab: the policy on record, and (for managers) the form that records or renews it. */
export function InsurancePanel({ vehicle, canManage }: InsurancePanelProps) {
  const insurance = useInsurance(vehicle.id);

  if (insurance.isPending) {
    return (
      <Center py="xl">
        <Loader size="sm" aria-label="Loading insurance" />
      </Center>
    );
  }
  if (insurance.isError) {
    return (
      <Paper withBorder radius="md" p="lg">
        <Text c="dimmed">The insurance of this asset could not be loaded. Reload the page to try again.</Text>
      </Paper>
    );
  }

  const current = insurance.data;
  return (
    <Stack gap="lg">
      <CurrentPolicy insurance={current} />
      {canManage && (
        // Keyed by the policy so that after a save the form starts from the new one.
        <InsuranceForm key={current.updatedAt ?? 'none'} vehicleId={vehicle.id} insurance={current} />
      )}
    </Stack>
  );
}

function CurrentPolicy({ insurance }: { insurance: Insurance }) {
  const recorded = insurance.insurerName !== null;
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-label="Current policy">
      <Group justify="space-between" mb="md" gap="sm">
        <Title order={2} fz="lg">
          Current policy
        </Title>
        <StatusBadge status={insurance.status} />
      </Group>
      {recorded ? (
        <DetailGrid
          items={[
            { label: 'Insurer', value: insurance.insurerName },
            { label: 'Insurance Type', value: insurance.insuranceType },
            { label: 'Insurance Number', value: insurance.insuranceNumber },
            { label: 'Coverage Start', value: formatDate(insurance.coverageStartDate) },
            { label: 'Coverage End', value: formatDate(insurance.coverageEndDate) },
            { label: 'Amount', value: insurance.amount === null ? null : formatCurrency(insurance.amount) },
            {
              label: 'Document',
              value: insurance.document ? (
                <Anchor href={insurance.document} target="_blank" rel="noopener noreferrer" size="sm">
                  <Group component="span" gap={4} wrap="nowrap">
                    Open document <IconExternalLink size={14} aria-hidden />
                  </Group>
                </Anchor>
              ) : null,
            },
            { label: 'Recorded', value: formatDate(insurance.updatedAt) },
          ]}
        />
      ) : (
        <Text c="dimmed" size="sm">
          No insurance has been recorded for this asset.
        </Text>
      )}
    </Paper>
  );
}

function InsuranceForm({ vehicleId, insurance }: { vehicleId: string; insurance: Insurance }) {
  const save = useSaveInsurance();
  const [document, setDocument] = useState<File | null>(null);
  const documentError = documentFileError(document);
  const renewing = insurance.insurerName !== null;
  const { control, handleSubmit, getValues, setError } = useForm({
    resolver: zodResolver(insuranceFormSchema),
    mode: 'all',
    defaultValues: insuranceToForm(renewing ? insurance : undefined),
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const reply = await save.mutateAsync({ vehicleId, body: toInsuranceFormData(values, document) });
      toast.success(reply.message);
    } catch (error) {
      showFieldError(error, getValues(), setError);
    }
  });

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-label={renewing ? 'Renew insurance' : 'Record insurance'}>
      <Title order={2} fz="lg" mb={4}>
        {renewing ? 'Renew insurance' : 'Record insurance'}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {renewing
          ? 'Saving records a new policy; the one above stays in the asset’s history.'
          : 'Enter the policy of this asset. Its status follows the coverage dates.'}
      </Text>
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Insurance policy">
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
            <TextField control={control} name="insurerName" label="Insurer Name" withAsterisk autoComplete="off" />
            <SelectField
              control={control}
              name="insuranceType"
              label="Insurance Type"
              withAsterisk
              options={insuranceTypeChoices(insurance.insuranceType).map((value) => ({ value, label: value }))}
            />
            <TextField control={control} name="insuranceNumber" label="Insurance Number" withAsterisk autoComplete="off" />
            <TextField
              control={control}
              name="amount"
              label="Amount (₦)"
              withAsterisk
              inputMode="decimal"
              leftSection="₦"
              autoComplete="off"
            />
            <TextField control={control} name="coverageStartDate" label="Coverage Start Date" type="date" withAsterisk />
            <TextField control={control} name="coverageExipiryDate" label="Coverage Expiry Date" type="date" withAsterisk />
          </SimpleGrid>
          <DocumentUploadField label="Policy Document" value={document} onChange={setDocument} error={documentError} />
          <Group justify="flex-end">
            <SubmitButton control={control} disabled={documentError !== null}>
              Save Insurance
            </SubmitButton>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
