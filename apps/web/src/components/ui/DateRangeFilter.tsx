import { Text, TextInput } from '@mantine/core';

/** One end of the range: a Lagos calendar day, kept on the right side of the other end. */
function DayInput(props: {
  label: string;
  /** Shown inside the box: a date box shows only its format until a day is chosen. */
  prefix: string;
  value: string;
  bounds: { min?: string; max?: string };
  onChange: (day: string) => void;
}) {
  return (
    <TextInput
      type="date"
      aria-label={props.label}
      leftSection={
        <Text size="xs" c="dimmed" aria-hidden>
          {props.prefix}
        </Text>
      }
      leftSectionWidth={44}
      value={props.value}
      min={props.bounds.min || undefined}
      max={props.bounds.max || undefined}
      onChange={(event) => props.onChange(event.currentTarget.value)}
    />
  );
}

/**
 * A list's toolbar filter by a range of days (`from` and `to`, both included; '' leaves an end
 * open); `set` is the list's filter setter (`useListView().setFilter`).
 */
export function DateRangeFilter(props: { from: string; to: string; set: (end: 'from' | 'to') => (day: string) => void }) {
  return (
    <>
      <DayInput label="From date" prefix="From" value={props.from} bounds={{ max: props.to }} onChange={props.set('from')} />
      <DayInput label="To date" prefix="To" value={props.to} bounds={{ min: props.from }} onChange={props.set('to')} />
    </>
  );
}

/** The range as a list query takes it: only the ends that are set. */
export function dateRangeQuery(range: { from: string; to: string }): { from?: string; to?: string } {
  return { ...(range.from ? { from: range.from } : {}), ...(range.to ? { to: range.to } : {}) };
}
