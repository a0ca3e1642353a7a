/**
 * The upload rule for logos and pictures (domain rules, Files): PNG, JPEG, WebP or GIF, at most
 * 10 MB. The server checks the content; checking the declared type and size here spares the user
 * a slow upload that would be refused.
 */
import { MAX_UPLOAD_BYTES } from '@fleetfuel/contract';

export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export const IMAGE_ACCEPT = IMAGE_TYPES.join(',');

export const IMAGE_TYPE_MESSAGE = 'Choose a PNG, JPEG, WebP or GIF image';
export const IMAGE_SIZE_MESSAGE = `The image must be at most ${MAX_UPLOAD_BYTES / (1024 * 1024)} MB`;

/** Why the file cannot be uploaded, or null when it can. */
export function imageFileError(file: Pick<File, 'type' | 'size'> | null | undefined): string | null {
  if (!file) return null;
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return IMAGE_TYPE_MESSAGE;
  if (file.size > MAX_UPLOAD_BYTES) return IMAGE_SIZE_MESSAGE;
  return null;
}
