import { useId } from 'react';

export interface SegmentedChoiceProps<T extends string> {
  /** The group's name for screen readers (the control has no visible label). */
  'aria-label': string;
  data: readonly { label: string; value: T }[];
  value: T;
  onChange: (value: T) => void;
  size?: 'xs' | 'sm';
}

/**
 * A choice between a few options drawn as one control, as Mantine's SegmentedControl looks, made of
 * native radio inputs: the browser gives it the keyboard (arrows move the choice) and screen readers
 * a radio group, and it measures nothing. Mantine's control places its sliding indicator by measuring
 * the options when it mounts, which laid out the whole Dashboard inside React's render of it (~14 ms
 * on a fast machine, four times that on Lighthouse's phone: bench/RESULTS.md, issue 16). Its
 * stylesheet comes with the signed-in frame's (app/shell/signed-in-styles.ts), as a file of its own it
 * would be one more request before the Dashboard is drawn.
 */
export function SegmentedChoice<T extends string>({ 'aria-label': label, data, value, onChange, size = 'sm' }: SegmentedChoiceProps<T>) {
  const name = useId();
  return (
    <div role="radiogroup" aria-label={label} className="ff-segmented" data-size={size}>
      {data.map((option) => (
        <label key={option.value} className="ff-segmented-option">
          <input type="radio" name={name} value={option.value} checked={option.value === value} onChange={() => onChange(option.value)} />
          <span>{option.label}</span>
        </label>
      ))}
    </div>
  );
}
