import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Storage } from '../../platform/files/storage.js';
import { useTestApp } from '../../../test/test-world.js';
import { png, sendForm, TINY_PNG } from '../../../test/multipart.js';

/** The S3 backend, against a local S3-compatible server. */
let server: S3rver;
let dir: string;
let endpoint: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'fleetfuel-s3-'));
  server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: dir,
    configureBuckets: [{ name: 'fleetfuel-test', configs: [] }],
  });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
});
// Registered before the app's: hooks after run in reverse, so the app closes first, then the server.
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});
/** The bucket on that server, as the app's configuration and a direct client name it. */
const bucket = () => ({
  bucket: 'fleetfuel-test',
  endpoint,
  region: 'us-east-1',
  accessKeyId: 'S3RVER',
  secretAccessKey: 'S3RVER',
  forcePathStyle: true,
});
const world = useTestApp({ config: () => ({ storage: { kind: 's3', ...bucket() } }) });

describe('S3-compatible storage', () => {
  it('stores an upload in the bucket and serves it back', async () => {
    const admin = await world.t.login('admin@fleetfuel.test');
    const client = { name: 'Bucket Logistics', type: 'other', image: png() };
    const res = await sendForm(world.t, 'POST', '/api/admin/organizations', client, admin);
    expect(res.statusCode).toBe(200);
    const key = decodeURIComponent(/\/api\/files\/([^?]+)/.exec(res.json().imageUrl)?.[1] ?? '');

    const direct = createS3Storage(bucket());
    const stored = await direct.get(key);
    expect(stored && Buffer.from(stored).equals(TINY_PNG)).toBe(true);

    const served = await world.t.call('GET', res.json().imageUrl);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(TINY_PNG)).toBe(true);

    await direct.delete(key);
    expect(await direct.get(key)).toBeNull();
    expect((await world.t.call('GET', res.json().imageUrl)).statusCode).toBe(404);
  });
});
