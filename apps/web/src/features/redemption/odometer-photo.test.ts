import { describe, expect, it } from 'vitest';
import { MAX_EVIDENCE_PHOTO_BYTES } from '@fleetfuel/contract';
import { PHOTO_MAX_SIDE, PHOTO_TARGET_BYTES, blobToDataUrl, dataUrlToBlob, fitWithin, shrinkSteps } from './odometer-photo';

describe('the odometer photo on the device', () => {
  it('keeps its shape within the longest side, and never grows a small picture', () => {
    expect(fitWithin(4000, 3000, 1280)).toEqual({ width: 1280, height: 960 });
    expect(fitWithin(3000, 4000, 1280)).toEqual({ width: 960, height: 1280 });
    expect(fitWithin(800, 600, 1280)).toEqual({ width: 800, height: 600 });
    expect(fitWithin(0, 0, 1280)).toEqual({ width: 1, height: 1 });
  });

  it('tries lower qualities, then smaller sides, best first, aiming under the server’s limit', () => {
    const steps = shrinkSteps(4000, 3000);
    expect(steps[0]).toEqual({ width: PHOTO_MAX_SIDE, height: 960, quality: 0.8 });
    expect(steps.at(-1)).toEqual({ width: 640, height: 480, quality: 0.38 });
    const qualities = steps.slice(0, 4).map((step) => step.quality);
    expect(qualities).toEqual([...qualities].sort((a, b) => b - a));
    expect(PHOTO_TARGET_BYTES).toBeLessThan(MAX_EVIDENCE_PHOTO_BYTES);
  });

  it('travels through the offline queue as a data URL and comes back byte for byte', async () => {
    const bytes = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70, 255]);
    const url = await blobToDataUrl(new Blob([bytes], { type: 'image/jpeg' }));
    expect(url.startsWith('data:image/jpeg;base64,')).toBe(true);
    const back = dataUrlToBlob(url);
    expect(back.type).toBe('image/jpeg');
    expect(new Uint8Array(await back.arrayBuffer())).toEqual(bytes);
    // A photo of the server's largest size, in slices.
    const large = Uint8Array.from({ length: 300 * 1024 }, (_, i) => i % 251);
    expect(new Uint8Array(await dataUrlToBlob(await blobToDataUrl(new Blob([large], { type: 'image/jpeg' }))).arrayBuffer())).toEqual(
      large,
    );
  });
});
