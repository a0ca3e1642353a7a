/**
 * QR decoding with the Barcode Detection API ponyfill (ZXing compiled to WebAssembly). This module
 * is loaded on first use only, so its code and its WebAssembly (served by the app itself, never by
 * a CDN) stay out of every page's first load.
 */
import { BarcodeDetector, prepareZXingModule } from 'barcode-detector/ponyfill';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

prepareZXingModule({
  overrides: {
    locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
  },
});

let detector: BarcodeDetector | null = null;

function qrDetector(): BarcodeDetector {
  detector ??= new BarcodeDetector({ formats: ['qr_code'] });
  return detector;
}

/** The text of the first QR code in an image, a photo or a video frame; null when there is none. */
export async function decodeQr(source: Blob | HTMLVideoElement | ImageBitmap): Promise<string | null> {
  const found = await qrDetector().detect(source);
  const first = found.find((code) => code.rawValue !== '');
  return first?.rawValue ?? null;
}
