/**
 * What a file is, from its first bytes: names and declared types are the uploader's word, the
 * magic bytes are the file's. Only the types FleetFuel accepts are recognised.
 */
export type StoredContentType = 'image/png' | 'image/jpeg' | 'image/webp' | 'image/gif' | 'application/pdf';

const startsWith = (data: Uint8Array, bytes: number[], offset = 0) => bytes.every((b, i) => data[offset + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

export function sniffContentType(data: Uint8Array): StoredContentType | null {
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(data, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(data, ascii('GIF87a')) || startsWith(data, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(data, ascii('RIFF')) && startsWith(data, ascii('WEBP'), 8)) return 'image/webp';
  if (startsWith(data, ascii('%PDF-'))) return 'application/pdf';
  return null;
}

export const EXTENSIONS: Record<StoredContentType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'application/pdf': 'pdf',
};

export const ACCEPTED: Record<'image' | 'photo' | 'document', readonly StoredContentType[]> = {
  image: ['image/png', 'image/jpeg', 'image/webp', 'image/gif'],
  photo: ['image/jpeg', 'image/png', 'image/webp'],
  document: ['application/pdf', 'image/png', 'image/jpeg', 'image/webp', 'image/gif'],
};
