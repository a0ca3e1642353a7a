/** The right of access (issue 45): "Download my data" saves the caller's export as a JSON file. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { routes } from '@fleetfuel/contract';
import { answer, renderWithApp } from '@/test/render-with-app';
import { MY_DATA_FILENAME, PersonalDataPanel } from './PersonalDataPanel';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Download my data', () => {
  it('saves the export under fleetfuel-my-data.json', async () => {
    const user = userEvent.setup({ delay: null });
    const saved: Array<{ name: string; blob: Blob }> = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved.push({ name: '', blob: blob as Blob });
      return 'blob:my-data';
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      const last = saved.at(-1);
      if (last) last.name = this.download;
    });
    const exported = { exportedAt: '2026-11-29T10:00:00.000Z', person: { name: 'Musa Ibrahim' } };
    renderWithApp(<PersonalDataPanel />, { role: 'DRIVER', api: [answer(routes.privacy.exportOwn, () => exported)] });

    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByText(`${MY_DATA_FILENAME} downloaded`)).toBeTruthy();
    await waitFor(() => expect(saved.map((file) => file.name)).toEqual([MY_DATA_FILENAME]));
    expect(JSON.parse(await (saved[0] as { blob: Blob }).blob.text())).toEqual(exported);
  });
});
