import type { Ref } from 'react';
import { SimpleGrid, TextInput, type SimpleGridProps } from '@mantine/core';

export interface DateRangeInputsProps {
  from: string;
  to: string;
  onFromChange: (day: string) => void;
  onToChange: (day: string) => void;
  /** Shown under To: why the range cannot be used (its days out of order, or To missing). */
  error?: string | undefined;
  /** Shown under From (a From that is missing). */
  fromError?: string | undefined;
  /** So that a refused Generate or Download can move the focus to the day at fault. */
  fromRef?: Ref<HTMLInputElement>;
  toRef?: Ref<HTMLInputElement>;
  /** Side by side (the default: one above the other on a phone). */
  cols?: SimpleGridProps['cols'];
}

/** A From and a To date, each bounding the other's picker: a statement's, a report's or the attendants' period. */
export function DateRangeInputs({
  from,
  to,
  onFromChange,
  onToChange,
  error,
  fromError,
  fromRef,
  toRef,
  cols = { base: 1, xs: 2 },
}: DateRangeInputsProps) {
  return (
    <SimpleGrid cols={cols} spacing="sm">
      <TextInput
        ref={fromRef}
        type="date"
        label="From"
        value={from}
        onChange={(event) => onFromChange(event.currentTarget.value)}
        max={to || undefined}
        error={fromError}
      />
      <TextInput
        ref={toRef}
        type="date"
        label="To"
        value={to}
        onChange={(event) => onToChange(event.currentTarget.value)}
        min={from || undefined}
        error={error}
      />
    </SimpleGrid>
  );
}
