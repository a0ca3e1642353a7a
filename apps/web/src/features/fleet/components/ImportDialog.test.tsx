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
});
