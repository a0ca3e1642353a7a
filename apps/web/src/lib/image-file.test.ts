import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '@fleetfuel/contract';
import { IMAGE_SIZE_MESSAGE, IMAGE_TYPE_MESSAGE, imageFileError } from './image-file';

describe('imageFileError', () => {
  it('accepts no file and the four image types up to 10 MB', () => {
    expect(imageFileError(null)).toBeNull();
    for (const type of ['image/png', 'image/jpeg', 'image/webp', 'image/gif']) {
      expect(imageFileError({ type, size: MAX_UPLOAD_BYTES })).toBeNull();
    }
  });

  it('refuses other types', () => {
    expect(imageFileError({ type: 'image/svg+xml', size: 10 })).toBe(IMAGE_TYPE_MESSAGE);
    expect(imageFileError({ type: 'application/pdf', size: 10 })).toBe(IMAGE_TYPE_MESSAGE);
  });

  it('refuses files above 10 MB', () => {
    expect(imageFileError({ type: 'image/png', size: MAX_UPLOAD_BYTES + 1 })).toBe(IMAGE_SIZE_MESSAGE);
    expect(IMAGE_SIZE_MESSAGE).toBe('The image must be at most 10 MB');
  });
});
