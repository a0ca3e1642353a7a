import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { routes } from '@fleetfuel/contract';
import { answer, fieldError, renderWithApp } from '@/test/render-with-app';
import { businessDate } from '@/lib/format';
import { statementQuery } from './statement-query';
import { StatementControl } from './StatementControl';
import type * as Download from '@/lib/download';

type DownloadModule = typeof Download;

const saved = vi.hoisted(() => [] as string[]);
vi.mock('@/lib/download', async (original) => ({
  ...(await original<DownloadModule>()),
  saveFile: (file: { filename: string }) => saved.push(file.filename),
}));

const STATION = '00000000-0000-4000-8000-0000000000f1';
/** The query of the last statement request the page made. */
const lastStatementUrl = () => {
  const urls = vi.mocked(fetch).mock.calls.map(([input]) => new URL(input instanceof Request ? input.url : input, 'http://localhost'));
  const statement = urls.filter((url) => url.pathname.endsWith('/wallet/statement')).at(-1);
  return Object.fromEntries(statement?.searchParams ?? []);
};

describe('statementQuery', () => {
  it("asks for today's by default and names the wallet by its owner", () => {
    expect(
      statementQuery({ period: 'today', from: '', to: '', format: 'csv', owner: { kind: 'STATION', id: STATION } }, '2026-11-23'),
    ).toEqual({
      ready: true,
      query: { stationId: STATION, from: '2026-11-23', to: '2026-11-23', format: 'csv' },
    });
  });
  it('refuses a range that runs backwards or is missing a day', () => {
    expect(statementQuery({ period: 'range', from: '2026-11-10', to: '2026-11-01', format: 'pdf' }, '2026-11-23')).toEqual({
      ready: false,
      reason: 'The start date must be on or before the end date',
    });
    expect(statementQuery({ period: 'range', from: '', to: '2026-11-01', format: 'pdf' }, '2026-11-23').ready).toBe(false);
  });
});

describe('StatementControl', () => {
  it("downloads today's CSV, then a range's PDF, and blocks a backwards range", async () => {
    const user = userEvent.setup({ delay: null });
    const { api } = renderWithApp(<StatementControl owner={{ kind: 'STATION', id: STATION }} />, {
      role: 'ADMIN',
      api: [answer(routes.statements.get, () => ({}))],
    });
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(api.calls).toContain('GET /wallet/statement'));
    const today = businessDate();
    expect(lastStatementUrl()).toEqual({ stationId: STATION, from: today, to: today, format: 'csv' });
    await waitFor(() => expect(saved).toHaveLength(1));

    await user.click(screen.getByRole('radio', { name: 'Date range' }));
    const from = screen.getByLabelText('From');
    await user.clear(from);
    await user.type(from, '2026-11-01');
    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(lastStatementUrl()).toMatchObject({ from: '2026-11-01', to: today, format: 'pdf' });

    const to = screen.getByLabelText('To');
    await user.clear(to);
    await user.type(to, '2026-10-01');
    expect(fieldError(to)).toBe('The start date must be on or before the end date');
    // Download stays enabled: pressed with the backwards range, it fetches nothing and the focus goes to To.
    const callsBefore = api.calls.length;
    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    expect(document.activeElement).toBe(to);
    expect(api.calls.slice(callsBefore)).toEqual([]);
    expect(saved).toHaveLength(2);
  });
});
