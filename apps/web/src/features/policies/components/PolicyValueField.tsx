import { Checkbox, Group, MultiSelect, Text } from '@mantine/core';
// The multi-selects' sheets: no other screen uses them, so they come with this one (app/shell/signed-in-styles.ts).
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import { useController, useFormState, type Control } from 'react-hook-form';
import { NIGERIAN_LOCATIONS, WEEKDAYS } from '@fleetfuel/contract';
import { TextField } from '@/components/ui/FormFields';
import { useStationChoices } from '../api';
import { DAY_LABELS } from '../policy-labels';
import type { PolicyFormValues, ValueKind } from '../policy-form';

type ListField = 'days' | 'stations' | 'states';

/** A list input's value and its error, shown once touched or once a submit was tried (as FormFields do). */
function useListInput(control: Control<PolicyFormValues>, name: ListField) {
  const { field, fieldState } = useController({ control, name });
  const { isSubmitted } = useFormState({ control });
  return {
    value: field.value,
    onChange: (value: string[]) => {
      field.onChange(value);
      field.onBlur();
    },
    onBlur: field.onBlur,
    error: fieldState.isTouched || isSubmitted ? fieldState.error?.message : undefined,
  };
}

function DaysField({ control }: { control: Control<PolicyFormValues> }) {
  const { value, onChange, error } = useListInput(control, 'days');
  return (
    <Checkbox.Group label="Days fuel is allowed" withAsterisk value={value} onChange={onChange} error={error}>
      <Group gap="md" mt="xs">
        {WEEKDAYS.map((day) => (
          <Checkbox key={day} value={day} label={DAY_LABELS[day]} />
        ))}
      </Group>
    </Checkbox.Group>
  );
}

function StationsField({ control }: { control: Control<PolicyFormValues> }) {
  const input = useListInput(control, 'stations');
  const stations = useStationChoices();
  const known = stations.data?.stations.map((station) => ({ value: station.id, label: station.name })) ?? [];
  // A station no longer offered stays named by its id, so an edit does not drop it unseen.
  const kept = input.value.filter((id) => !known.some((option) => option.value === id)).map((id) => ({ value: id, label: id }));
  return (
    <MultiSelect
      label="Stations fuel is allowed at"
      withAsterisk
      searchable
      placeholder={input.value.length === 0 ? 'Choose stations' : undefined}
      nothingFoundMessage={stations.isPending ? 'Loading…' : 'No station matches'}
      data={[...known, ...kept]}
      {...input}
    />
  );
}

function StatesField({ control }: { control: Control<PolicyFormValues> }) {
  const input = useListInput(control, 'states');
  return (
    <MultiSelect
      label="States fuel is allowed in"
      withAsterisk
      searchable
      placeholder={input.value.length === 0 ? 'Choose states' : undefined}
      nothingFoundMessage="No state matches"
      data={NIGERIAN_LOCATIONS}
      {...input}
    />
  );
}

const AMOUNT_INPUTS = {
  litres: { label: 'Litres', description: undefined, placeholder: 'e.g. 40', unit: 'L' },
  hours: { label: 'Hours', description: 'Hours from one fill to the next', placeholder: 'e.g. 12', unit: 'h' },
  naira: { label: 'Amount', description: 'Naira, with at most two decimals', placeholder: 'e.g. 150,000', unit: '₦' },
} as const;

/** The value input of the chosen rule: a number, the days, a time window, stations, states, or none. */
export function PolicyValueField({ control, kind, rule }: { control: Control<PolicyFormValues>; kind: ValueKind; rule: string }) {
  switch (kind) {
    case 'litres':
    case 'hours':
    case 'naira': {
      const input = AMOUNT_INPUTS[kind];
      return (
        <TextField
          control={control}
          name="amount"
          label={input.label}
          description={input.description}
          placeholder={input.placeholder}
          withAsterisk
          inputMode="decimal"
          autoComplete="off"
          {...(kind === 'naira' ? { leftSection: input.unit } : { rightSection: input.unit })}
        />
      );
    }
    case 'days':
      return <DaysField control={control} />;
    case 'window':
      return (
        <div>
          <Group grow align="flex-start" gap="sm">
            <TextField control={control} name="from" label="From" type="time" withAsterisk />
            <TextField control={control} name="to" label="To" type="time" withAsterisk />
          </Group>
          <Text size="xs" c="dimmed" mt={4}>
            Lagos time. A window may run past midnight, e.g. 22:00 to 05:00.
          </Text>
        </div>
      );
    case 'stations':
      return <StationsField control={control} />;
    case 'states':
      return <StatesField control={control} />;
    case 'none':
      return rule === '' ? null : (
        <Text size="sm" c="dimmed">
          This rule takes no value: it is on or off.
        </Text>
      );
  }
}
