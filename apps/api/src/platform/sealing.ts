/**
 * Secrets kept at rest sealed with AES-256-GCM under a key derived (HKDF-SHA256) from APP_SECRET,
 * one derived key per purpose: a copy of the database alone reveals none of them, and a sealed value
 * that no longer unseals (APP_SECRET changed, or the text was altered) reads as null.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** The key that seals one purpose's secrets (`coupon-signing-key`, `webhook-secret`). */
export function sealingKey(appSecret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', appSecret, 'fleetfuel', purpose, 32));
}

/** `iv.tag.ciphertext`, each part base64url. */
export function seal(key: Buffer, plain: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(plain), cipher.final()]);
  return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.');
}

export function unseal(key: Buffer, text: string): Buffer | null {
  try {
    const [iv, tag, sealed] = text.split('.').map((part) => Buffer.from(part, 'base64url'));
    if (!iv || !tag || !sealed) return null;
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(sealed), decipher.final()]);
  } catch {
    return null;
  }
}
