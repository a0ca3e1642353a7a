/**
 * The odometer photo taken at the pump (issue 42): shrunk on the device before it travels over a
 * weak network (the server takes at most 300 kB), and kept as a data URL while a redemption waits
 * in the offline queue.
 */
import { MAX_EVIDENCE_PHOTO_BYTES } from '@fleetfuel/contract';

/** The longest side kept: the digits of an odometer stay readable at this size. */
export const PHOTO_MAX_SIDE = 1280;
/** What the device aims for, under the server's limit so that a queued copy stays small too. */
export const PHOTO_TARGET_BYTES = Math.floor(MAX_EVIDENCE_PHOTO_BYTES * 0.8);
/** JPEG qualities tried in turn, then the picture is made smaller again. */
const QUALITIES = [0.8, 0.65, 0.5, 0.38];

export const PHOTO_MISSING = 'Take a photo of the odometer';

/** A photo as the form keeps it: the file to send, and the same as a data URL to show and to queue offline. */
export interface OdometerPhoto {
  blob: Blob;
  dataUrl: string;
}
export const PHOTO_UNREADABLE = 'This photo could not be read. Take it again.';

/** The size a picture is drawn at: its longest side at most `maxSide`, its shape kept. */
export function fitWithin(width: number, height: number, maxSide: number): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height, 1));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** The JPEG qualities and sides to try, best first, until one is small enough. */
export function shrinkSteps(width: number, height: number): Array<{ width: number; height: number; quality: number }> {
  const steps: Array<{ width: number; height: number; quality: number }> = [];
  for (const side of [PHOTO_MAX_SIDE, PHOTO_MAX_SIDE * 0.75, PHOTO_MAX_SIDE * 0.5]) {
    const size = fitWithin(width, height, side);
    for (const quality of QUALITIES) steps.push({ ...size, quality });
  }
  return steps;
}

function encode(bitmap: ImageBitmap, step: { width: number; height: number; quality: number }): Promise<Blob | null> {
  const canvas = document.createElement('canvas');
  canvas.width = step.width;
  canvas.height = step.height;
  const context = canvas.getContext('2d');
  if (!context) return Promise.resolve(null);
  context.drawImage(bitmap, 0, 0, step.width, step.height);
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', step.quality));
}

/** A JPEG of the photo within PHOTO_TARGET_BYTES; throws when the picture cannot be read. */
export async function shrinkPhoto(file: Blob): Promise<Blob> {
  const bitmap = await createImageBitmap(file);
  try {
    let smallest: Blob | null = null;
    for (const step of shrinkSteps(bitmap.width, bitmap.height)) {
      const blob = await encode(bitmap, step);
      if (!blob) break;
      if (blob.size <= PHOTO_TARGET_BYTES) return blob;
      if (!smallest || blob.size < smallest.size) smallest = blob;
    }
    if (smallest && smallest.size <= MAX_EVIDENCE_PHOTO_BYTES) return smallest;
    throw new Error(PHOTO_UNREADABLE);
  } finally {
    bitmap.close();
  }
}

export async function blobToDataUrl(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  // In slices: one call with every byte as an argument would overflow the stack on a large photo.
  for (let start = 0; start < bytes.length; start += 0x8000) binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  return `data:${blob.type || 'image/jpeg'};base64,${btoa(binary)}`;
}

/** The photo of a queued redemption back as a file to send. */
export function dataUrlToBlob(dataUrl: string): Blob {
  const [head = '', data = ''] = dataUrl.split(',', 2);
  const type = /^data:([^;]+);base64$/.exec(head)?.[1] ?? 'image/jpeg';
  const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
  return new Blob([bytes], { type });
}

/** The multipart body of `POST /fuel-requests/:id/evidence`. */
export function evidenceForm(photo: Blob): FormData {
  const form = new FormData();
  form.append('photo', photo, 'odometer.jpg');
  return form;
}
