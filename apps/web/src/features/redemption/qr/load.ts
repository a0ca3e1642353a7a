/** The QR reader, fetched on first use: its WebAssembly stays out of every page's first load. */
export type QrDecoder = (source: Blob | HTMLVideoElement | ImageBitmap) => Promise<string | null>;

export async function loadQrDecoder(): Promise<QrDecoder> {
  const module = await import('./decoder');
  return module.decodeQr;
}
