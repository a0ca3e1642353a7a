import type { Control, FieldPathByValue, FieldValues } from 'react-hook-form';
import { SelectField } from '@/components/ui/FormFields';
import type { useOrganizationChoice } from '../use-record-owner';
import { organizationOption } from '../choices';

interface OrganizationFieldProps<T extends FieldValues> {
  control: Control<T>;
  organizations: ReturnType<typeof useOrganizationChoice>['organizations'];
}

/** The client of a new asset, driver or group, which the platform admin chooses first. */
export function OrganizationField<T extends FieldValues & { organizationId: string }>({
  control,
  organizations,
}: OrganizationFieldProps<T>) {
  return (
    <SelectField
      control={control}
      name={'organizationId' as FieldPathByValue<T, string | null | undefined>}
      label="Client"
      withAsterisk
      options={organizations.data?.data.map(organizationOption) ?? []}
      disabled={organizations.isPending}
    />
  );
}
