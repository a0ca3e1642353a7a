import { useRef, useState } from 'react';
import { NativeSelect, Paper, SimpleGrid, Text } from '@mantine/core';
import { MESSAGES } from '@fleetfuel/contract';
import { SELECT_PLACEHOLDER } from '@/components/ui/FormFields';
import { PageHeader } from '@/components/ui/PageHeader';
import { useAuth } from '@/lib/auth';
import { useOrganizationChoices } from '@/lib/organization-options';
import { REPORTS } from '../report-definitions';
import { ReportCard } from './ReportCard';

/** Spec section 2's Reports: four PDF reports; ADMIN chooses the organization first. */
export function ReportsView() {
  const { user } = useAuth();
  const needsOrganization = user?.role === 'ADMIN';
  const organizations = useOrganizationChoices(needsOrganization);
  const [organizationId, setOrganizationId] = useState<string | null>(null);
  // A report's Generate pressed before the organization was chosen: the field says so and takes the focus.
  const [organizationMissing, setOrganizationMissing] = useState(false);
  const organizationRef = useRef<HTMLSelectElement>(null);
  const onOrganizationMissing = () => {
    setOrganizationMissing(true);
    organizationRef.current?.focus();
  };

  return (
    <>
      <PageHeader title="Reports" description="Each report downloads as a PDF." />
      {needsOrganization && (
        <Paper withBorder radius="md" p="md" mb="md">
          <NativeSelect
            ref={organizationRef}
            label="Organization"
            description="The reports are about one client organization."
            value={organizationId ?? ''}
            onChange={(event) => setOrganizationId(event.currentTarget.value || null)}
            data={[
              { value: '', label: SELECT_PLACEHOLDER },
              ...(organizations.data?.data ?? []).map((o) => ({ value: o.id, label: o.name })),
            ]}
            disabled={organizations.isPending}
            error={organizationMissing && !organizationId ? MESSAGES.required : undefined}
            w={{ base: '100%', sm: 360 }}
          />
          {organizations.data?.data.length === 0 && (
            <Text size="sm" c="dimmed" mt="xs">
              No Record
            </Text>
          )}
        </Paper>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {REPORTS.map((report) => (
          <ReportCard
            key={report.kind}
            report={report}
            organizationId={organizationId}
            needsOrganization={needsOrganization}
            onOrganizationMissing={onOrganizationMissing}
          />
        ))}
      </SimpleGrid>
    </>
  );
}
