import { describe, expect, it, vi } from 'vitest';
import type { UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';
import { showFieldError } from './form-errors';

interface Values {
  plateNumber: string;
  notes: string;
}
const values: Values = { plateNumber: 'LAG-123-AA', notes: '' };

function recorder() {
  return vi.fn<UseFormSetError<Values>>();
}

describe('showFieldError', () => {
  it('puts the server message under the field it names, without the field-name prefix', () => {
    const setError = recorder();
    showFieldError(new ApiError('plateNumber: Plate number already exists', 409, 'CONFLICT', 'plateNumber'), values, setError);
    expect(setError).toHaveBeenCalledWith('plateNumber', { type: 'server', message: 'Plate number already exists' }, { shouldFocus: true });
  });

  it('keeps a message that does not start with the field name as it is', () => {
    const setError = recorder();
    showFieldError(new ApiError('Already taken', 409, 'CONFLICT', 'plateNumber'), values, setError);
    expect(setError).toHaveBeenCalledWith('plateNumber', { type: 'server', message: 'Already taken' }, { shouldFocus: true });
  });

  it('leaves errors without a field, with a field the form lacks, or of another kind to the toast', () => {
    const setError = recorder();
    showFieldError(new ApiError('Server error', 500), values, setError);
    showFieldError(new ApiError('odometer: Too low', 400, 'VALIDATION_ERROR', 'odometer'), values, setError);
    showFieldError(new Error('network down'), values, setError);
    expect(setError).not.toHaveBeenCalled();
  });
});
