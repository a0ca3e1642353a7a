/** Builds multipart/form-data bodies for `inject`, the way a browser's FormData sends them. */
import { randomBytes } from 'node:crypto';
import type { TestApp } from './harness.js';
import type { TestWorld } from './test-world.js';

export interface FilePart {
  filename: string;
  contentType: string;
  data: Buffer;
}

type FormFields = Record<string, string | string[] | FilePart>;

export function multipart(fields: FormFields): { body: Buffer; headers: Record<string, string> } {
  const boundary = `----fleetfuel${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  const push = (text: string) => chunks.push(Buffer.from(text));
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (typeof item === 'string') {
        push(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${item}\r\n`);
      } else {
        push(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${item.filename}"\r\nContent-Type: ${item.contentType}\r\n\r\n`,
        );
        chunks.push(item.data);
        push('\r\n');
      }
    }
  }
  push(`--${boundary}--\r\n`);
  return { body: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A real 1×1 PNG. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

export const png = (filename = 'logo.png', data: Buffer = TINY_PNG): FilePart => ({ filename, contentType: 'image/png', data });

/** Sends `fields` as the web app's forms do, as the holder of `token` (null: signed out). */
export function sendForm(t: TestApp, method: string, url: string, fields: FormFields, token: string | null) {
  const { body, headers } = multipart(fields);
  return t.call(method, url, { token, body, headers });
}

/** `sendForm` through the file's app as `as`, one of its `useTestApp` accounts: `send(method, url, fields)`. */
export function formSender(world: Pick<TestWorld<Record<string, string>>, 't' | 'token'>, as: string) {
  return (method: string, url: string, fields: FormFields) => sendForm(world.t, method, url, fields, world.token(as));
}
