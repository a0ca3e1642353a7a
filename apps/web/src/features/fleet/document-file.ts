/**
 * The upload rule for insurance documents (domain rules, Files): a PDF or an image (PNG, JPEG, WebP
 * or GIF), at most 10 MB. The server checks the content; checking the declared type and size here
 * spares the user a slow upload that would be refused.
 */
import { MAX_UPLOAD_BYTES } from '@fleetfuel/contract';
import { IMAGE_TYPES } from '@/lib/image-file';

const DOCUMENT_TYPES = ['application/pdf', ...IMAGE_TYPES] as const;
export const DOCUMENT_ACCEPT = DOCUMENT_TYPES.join(',');

const DOCUMENT_TYPE_MESSAGE = 'Choose a PDF or an image (PNG, JPEG, WebP or GIF)';
const DOCUMENT_SIZE_MESSAGE = `The document must be at most ${MAX_UPLOAD_BYTES / (1024 * 1024)} MB`;

/** Why the file cannot be uploaded, or null when it can. */
export function documentFileError(file: Pick<File, 'type' | 'size'> | null | undefined): string | null {
  if (!file) return null;
  if (!(DOCUMENT_TYPES as readonly string[]).includes(file.type)) return DOCUMENT_TYPE_MESSAGE;
  if (file.size > MAX_UPLOAD_BYTES) return DOCUMENT_SIZE_MESSAGE;
  return null;
}
