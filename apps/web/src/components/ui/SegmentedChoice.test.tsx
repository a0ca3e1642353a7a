import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SegmentedChoice } from './SegmentedChoice';

const checked = (name: string) => screen.getByRole<HTMLInputElement>('radio', { name }).checked;

const KINDS = [
  { label: 'Line', value: 'line' },
  { label: 'Bar', value: 'bar' },
  { label: 'Area', value: 'area' },
] as const;

function Chooser() {
  const [kind, setKind] = useState<(typeof KINDS)[number]['value']>('line');
  return (
    <>
      <SegmentedChoice aria-label="Chart type" data={KINDS} value={kind} onChange={setKind} />
      <output>{kind}</output>
    </>
  );
}

describe('SegmentedChoice', () => {
  it('is a named radio group whose checked option is the value', () => {
    render(<Chooser />);
    expect(screen.getByRole('radiogroup', { name: 'Chart type' }).tagName).toBe('DIV');
    expect(checked('Line')).toBe(true);
    expect(checked('Bar')).toBe(false);
  });

  it('chooses by a click on the label and by the arrow keys', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Chooser />);
    await user.click(screen.getByText('Bar'));
    expect(checked('Bar')).toBe(true);
    expect(screen.getByRole('status').textContent).toBe('bar');

    await user.keyboard('{ArrowRight}');
    expect(checked('Area')).toBe(true);
    expect(screen.getByRole('status').textContent).toBe('area');
  });

  it('gives each control its own group of radios', () => {
    render(
      <>
        <Chooser />
        <Chooser />
      </>,
    );
    const names = new Set(screen.getAllByRole('radio').map((radio) => radio.getAttribute('name')));
    expect(names.size).toBe(2);
  });
});
