import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@fleetfuel/contract';
import { ApiError } from './api-client';
import { loadToastify, notifyDownloaded, notifyError, toast } from './toast';

/** react-toastify's own `toast`, watched: what lib/toast hands it once the library has loaded. */
async function watch(kind: 'success' | 'error') {
  const library = await loadToastify();
  return vi.spyOn(library.toast, kind).mockReturnValue('id');
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('toast', () => {
  it('hands the message and its options to react-toastify once it has loaded', async () => {
    const success = await watch('success');
    toast.success('Price Updated!', { autoClose: false });
    await vi.waitFor(() => expect(success).toHaveBeenCalledWith('Price Updated!', { autoClose: false }));
  });
});

describe('notifyError', () => {
  it("shows the server's text, or the spec's message for a failure without one, with the text as the toast id", async () => {
    const error = await watch('error');
    notifyError(new ApiError('Plate number already exists', 409, 'CONFLICT'));
    notifyError(new TypeError(''));
    await vi.waitFor(() => expect(error).toHaveBeenCalledTimes(2));
    expect(error).toHaveBeenNthCalledWith(1, 'Plate number already exists', { toastId: 'error:Plate number already exists' });
    expect(error).toHaveBeenNthCalledWith(2, MESSAGES.apiFailed, { toastId: `error:${MESSAGES.apiFailed}` });
  });
});

describe('notifyDownloaded', () => {
  it('names the file, one toast per file', async () => {
    const success = await watch('success');
    notifyDownloaded('fuel-coupon-FF-1234.pdf');
    await vi.waitFor(() =>
      expect(success).toHaveBeenCalledWith('fuel-coupon-FF-1234.pdf downloaded', { toastId: 'download:fuel-coupon-FF-1234.pdf' }),
    );
  });
});

/** An import (static, type-only or dynamic) of react-toastify or of one of its files. */
const IMPORTS_TOASTIFY =
  /^\s*(import|export)\b[^;]*?\bfrom\s*['"]react-toastify['"/]|^\s*import\s*['"]react-toastify['"/]|\bimport\(\s*['"]react-toastify['"/]/m;

describe('the one toast path', () => {
  it('is lib/toast.ts: no other module of the web app imports react-toastify', () => {
    const src = fileURLToPath(new URL('..', import.meta.url));
    const importers = readdirSync(src, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file))
      .filter((file) => IMPORTS_TOASTIFY.test(readFileSync(join(src, file), 'utf8')))
      .map((file) => relative(src, join(src, file)).split('\\').join('/'));
    expect(importers).toEqual(['lib/toast.ts']);
  });
});
