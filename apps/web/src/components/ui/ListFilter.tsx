import { NativeSelect } from '@mantine/core';
import { useOrganizationChoices } from '@/lib/organization-options';

export interface ListFilterProps {
  /** Read by screen readers, e.g. "Filter by status". */
  label: string;
  /** The first choice, which filters nothing out (value ""), e.g. "All statuses". */
  allLabel: string;
  value: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  onChange: (value: string) => void;
}

/** A list's toolbar filter: one choice narrows the list, the empty one shows everything. */
export function ListFilter({ label, allLabel, value, options, onChange }: ListFilterProps) {
  return (
    <NativeSelect
      aria-label={label}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      data={[{ value: '', label: allLabel }, ...options]}
    />
  );
}

/** A list's filter by status ("All statuses" shows every one). */
export function StatusListFilter(props: Pick<ListFilterProps, 'value' | 'options' | 'onChange'>) {
  return <ListFilter label="Filter by status" allLabel="All statuses" {...props} />;
}

/** The platform admin's filter by client organization, over the shared list of client choices. */
export function ClientFilter({ value, onChange }: Pick<ListFilterProps, 'value' | 'onChange'>) {
  const organizations = useOrganizationChoices(true);
  const options = organizations.data?.data.map((o) => ({ value: o.id, label: o.name })) ?? [];
  return <ListFilter label="Filter by client" allLabel="All clients" value={value} options={options} onChange={onChange} />;
}
