import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { routes, type ImportReply } from '@fleetfuel/contract';
import { answer, renderWithApp } from '@/test/render-with-app';
import { ImportDialog } from './ImportDialog';

const row = (
  line: number,
  plateNumber: string,
  status: 'ok' | 'error' | 'duplicate',
  errors: { field: string; message: string }[] = [],
) => ({
  row: line,
  status,
  errors,
  value: { plateNumber, make: 'Toyota', model: 'Hilux' },
});

const withProblems: ImportReply = {
  dryRun: true,
  created: 0,
  rows: [
    row(2, 'IMP-1', 'ok'),
    row(3, 'IMP-2', 'error', [{ field: 'make', message: 'This field is required' }]),
    row(4, 'IMP-1', 'duplicate', [{ field: 'plateNumber', message: 'This plate number is already on line 2 of the file' }]),
  ],
  summary: { total: 3, ok: 1, errors: 1, duplicates: 1 },
};
const clean: ImportReply = {
  dryRun: true,
  created: 0,
  rows: [row(2, 'IMP-1', 'ok'), row(3, 'IMP-2', 'ok')],
  summary: { total: 2, ok: 2, errors: 0, duplicates: 0 },
};

const csvFile = (name: string) => new File(['Asset Type,Make\nVEHICLE,Toyota\n'], name, { type: 'text/csv' });

describe('ImportDialog', () => {
  it('previews the dry run with errors highlighted, and imports only a clean file', async () => {
    const user = userEvent.setup({ delay: null });
    const replies: unknown[] = [withProblems, clean, { ...clean, dryRun: false, created: 2 }];
    const sent: string[] = [];
    renderWithApp(<ImportDialog kind="assets" opened onClose={() => undefined} />, {
      api: [
        answer(routes.vehicles.import, ({ body }) => {
          sent.push((body as FormData).get('file') instanceof File ? ((body as FormData).get('file') as File).name : 'none');
          return replies.shift();
        }),
      ],
    });

    expect(screen.getByRole('link', { name: /download template/i }).getAttribute('download')).toBe('assets-import-template.csv');
    const input = document.querySelector<HTMLInputElement>('input[type="file"]') as HTMLInputElement;
    await user.upload(input, csvFile('bad.csv'));

    const table = await screen.findByRole('table', { name: 'Import preview' });
    expect(screen.getByText('3 rows: 1 ready, 1 with errors, 1 duplicates')).toBeTruthy();
    const [, ready, broken, duplicate] = within(table).getAllByRole('row');
    expect(ready?.dataset.status).toBe('ok');
    expect(broken?.dataset.status).toBe('error');
    expect(within(broken as HTMLElement).getByText('make: This field is required')).toBeTruthy();
    expect(within(duplicate as HTMLElement).getByText('Duplicate')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Import 1 asset' }).hasAttribute('disabled')).toBe(true);

    await user.upload(input, csvFile('fixed.csv'));
    await waitFor(() => expect(screen.getByText('2 rows: 2 ready, 0 with errors, 0 duplicates')).toBeTruthy());
    await user.click(screen.getByRole('button', { name: 'Import 2 assets' }));
    expect(await screen.findByText('2 assets imported')).toBeTruthy();
    expect(sent).toEqual(['bad.csv', 'fixed.csv', 'fixed.csv']);
  });

  it('for drivers, says Password may be blank and which rows get an invitation, and how', async () => {
    const user = userEvent.setup({ delay: null });
    const driver = (line: number, name: string, email: string, phone: string, invitation?: 'email' | 'sms') => ({
      row: line,
      status: 'ok' as const,
      errors: [],
      value: { name, email, phone },
      ...(invitation ? { invitation } : {}),
    });
    const reply: ImportReply = {
      dryRun: true,
      created: 0,
      rows: [
        driver(2, 'Ada Obi', 'ada@example.com', '', undefined),
        driver(3, 'Musa Bello', 'musa@example.com', '', 'email'),
        driver(4, 'Tunde Ade', '', '0803 555 0101', 'sms'),
      ],
      summary: { total: 3, ok: 3, errors: 0, duplicates: 0 },
    };
    renderWithApp(<ImportDialog kind="drivers" opened onClose={() => undefined} />, {
      api: [answer(routes.drivers.import, () => reply)],
    });

    expect(screen.getByText(/Password may be left blank: the driver is then sent an invitation to choose one/)).toBeTruthy();
    const input = document.querySelector<HTMLInputElement>('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['Name,Email,Password\nMusa Bello,musa@example.com,\n'], 'drivers.csv', { type: 'text/csv' }));

    const table = await screen.findByRole('table', { name: 'Import preview' });
    const [, withPassword, mailed, texted] = within(table).getAllByRole('row');
    expect(within(withPassword as HTMLElement).queryByText(/Invitation/)).toBeNull();
    expect(within(mailed as HTMLElement).getByText('Invitation by e-mail')).toBeTruthy();
    expect(within(texted as HTMLElement).getByText('Invitation by SMS')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Import 3 drivers' }).hasAttribute('disabled')).toBe(false);
  });
});
