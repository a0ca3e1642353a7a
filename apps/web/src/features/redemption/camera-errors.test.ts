import { describe, expect, it } from 'vitest';
import { cameraErrorMessage } from './camera-errors';

function named(name: string): Error {
  const error = new Error('camera');
  error.name = name;
  return error;
}

describe('camera errors', () => {
  it('tells a refused permission from a missing or busy camera', () => {
    expect(cameraErrorMessage(named('NotAllowedError'))).toMatch(
      /^Camera access was denied\..*type the code or choose a QR image instead\.$/,
    );
    expect(cameraErrorMessage(named('NotFoundError'))).toBe(
      'No camera was found on this device. Type the code or choose a QR image instead.',
    );
    expect(cameraErrorMessage(named('OverconstrainedError'))).toMatch(/^No camera was found/);
    expect(cameraErrorMessage(named('NotReadableError'))).toMatch(/another app may be using it/);
  });

  it('falls back to a general message', () => {
    expect(cameraErrorMessage(new Error('boom'))).toBe('The camera could not be used. Type the code or choose a QR image instead.');
    expect(cameraErrorMessage('not an error')).toMatch(/^The camera could not be used/);
  });
});
