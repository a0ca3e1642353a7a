import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithApp } from '@/test/render-with-app';
import { FraudFigures } from './FraudFigures';

describe('FraudFigures', () => {
  it('links the flags waiting for a review to the queue, and writes the fraud and the recovery in naira', () => {
    renderWithApp(
      <FraudFigures fraud={{ openFlags: 6, confirmedFraudRequests: 2, confirmedFraudAmount: 84_250.5, recoveredAmount: 1500 }} />,
    );
    // Its name is what it shows (a screen reader and a voice command say the same words).
    const flags = screen.getByRole('link', { name: /^Flags to review\s*6/ });
    expect(flags.getAttribute('href')).toBe('/flags');
    const fraud = screen.getByRole('group', { name: 'Confirmed fraud' });
    expect(within(fraud).getByText('₦84,250.50')).toBeTruthy();
    expect(within(fraud).getByText('2 fills paid for')).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Recovered' })).getByText('₦1,500.00')).toBeTruthy();
  });
});
