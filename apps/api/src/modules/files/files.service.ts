/**
 * Uploaded files: checked by content, stored under a name the server makes up, recorded with the
 * tenant they belong to, and served only to those who may see that tenant's records. Replies carry
 * signed links (the browser's <img> sends no bearer token); a link is only ever put in a reply for
 * a caller who may see the record, and it expires.
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { MAX_EVIDENCE_PHOTO_BYTES, MAX_UPLOAD_BYTES, API_BASE } from '@fleetfuel/contract';
import type { Database } from '../../platform/db/database.js';
import { AppError, notFound } from '../../platform/errors.js';
import { ACCEPTED, EXTENSIONS, sniffContentType } from '../../platform/files/content-type.js';
import { SAFE_KEY, type FileStorage } from '../../platform/files/storage.js';
import type { Actor } from '../../platform/http/actor.js';
import type { UploadedFile } from '../../platform/http/uploads.js';
import * as repository from './files.repository.js';

type FilePurpose =
  'ORGANIZATION_LOGO' | 'STATION_IMAGE' | 'USER_AVATAR' | 'VEHICLE_IMAGE' | 'INSURANCE_DOCUMENT' | 'SUPPORT_ATTACHMENT' | 'ODOMETER_PHOTO';
type FileKind = 'image' | 'photo' | 'document';

interface FileOwner {
  purpose: FilePurpose;
  organizationId?: string | null;
  fuelStationId?: string | null;
  uploadedBy?: string | null;
}

/** Links stay the same for a window (so browsers can cache them) and live 6 to 12 hours. */
const LINK_WINDOW_SECONDS = 6 * 60 * 60;

const REFUSED_TYPE: Record<FileKind, string> = {
  image: 'The image must be a PNG, JPEG, WebP or GIF file',
  photo: 'The photo must be a JPEG, PNG or WebP image',
  document: 'The document must be a PDF or an image (PNG, JPEG, WebP or GIF)',
};

/** The most each kind may weigh: a pump photo is shrunk on the device, over a weak network. */
const MAX_BYTES: Record<FileKind, { bytes: number; message: string }> = {
  image: { bytes: MAX_UPLOAD_BYTES, message: 'The file is larger than 10MB' },
  document: { bytes: MAX_UPLOAD_BYTES, message: 'The file is larger than 10MB' },
  photo: { bytes: MAX_EVIDENCE_PHOTO_BYTES, message: 'The photo is larger than 300 kB; take it again (the station app shrinks it)' },
};

/** What to send for a file: its bytes, type and the name it is shown under. */
interface ServedFile {
  data: Buffer;
  contentType: string;
  filename: string;
}

export interface FilesService {
  /** Checks and stores an upload; returns its storage key. Call inside the transaction that links it. */
  store(upload: UploadedFile, kind: FileKind, owner: FileOwner, executor?: Database): Promise<string>;
  /** A signed link to a stored file, or null for no file. */
  url(key: string | null): string | null;
  /**
   * Deletes the records of files that belonged to something being deleted, inside its transaction;
   * returns the keys to `discard` once that transaction has committed.
   */
  forget(executor: Database, where: { organizationId?: string; fuelStationId?: string; keys?: readonly string[] }): Promise<string[]>;
  /** Deletes stored bytes whose records are gone (after the deleting transaction committed). */
  discard(keys: readonly string[]): Promise<void>;
  /** A stored file for a signed link or a caller who may see it: its bytes and how to send them. */
  read(key: string, link: { exp?: string | undefined; sig?: string | undefined }, actor: Actor | null): Promise<ServedFile>;
}

export function createFilesService(deps: { db: Database; storage: FileStorage; secret: string; now?: () => number }): FilesService {
  const now = deps.now ?? (() => Date.now());
  const sign = (key: string, exp: number) =>
    createHmac('sha256', deps.secret).update(`file:${key}:${exp}`).digest('base64url').slice(0, 32);

  function linkIsValid(key: string, exp: string | undefined, sig: string | undefined): 'valid' | 'expired' | 'invalid' {
    if (!exp || !sig || !/^\d{1,12}$/.test(exp)) return 'invalid';
    const expected = Buffer.from(sign(key, Number(exp)));
    const given = Buffer.from(sig);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
    return Number(exp) * 1000 > now() ? 'valid' : 'expired';
  }

  function mayRead(actor: Actor | null, file: { purpose: string; organization_id: string | null; fuel_station_id: string | null }) {
    if (!actor) return false;
    if (actor.role === 'ADMIN') return true;
    if (file.organization_id && file.organization_id === actor.organizationId) return true;
    if (file.fuel_station_id && file.fuel_station_id === actor.fuelStationId) return true;
    // Organizations choose stations by name and picture, so any signed-in user may see a station's image.
    return file.purpose === 'STATION_IMAGE';
  }

  return {
    async store(upload, kind, owner, executor = deps.db) {
      if (upload.data.length > MAX_BYTES[kind].bytes) {
        throw new AppError('PAYLOAD_TOO_LARGE', MAX_BYTES[kind].message, { field: upload.field });
      }
      const contentType = sniffContentType(upload.data);
      if (!contentType || !ACCEPTED[kind].includes(contentType)) {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', REFUSED_TYPE[kind], { field: upload.field });
      }
      const storageKey = `${owner.purpose.toLowerCase().replaceAll('_', '-')}-${randomUUID()}.${EXTENSIONS[contentType]}`;
      await deps.storage.put(storageKey, upload.data, contentType);
      await repository.insertFile(executor, {
        storageKey,
        purpose: owner.purpose,
        contentType,
        sizeBytes: upload.data.length,
        originalName: upload.filename.slice(0, 255) || null,
        organizationId: owner.organizationId ?? null,
        fuelStationId: owner.fuelStationId ?? null,
        uploadedBy: owner.uploadedBy ?? null,
      });
      return storageKey;
    },

    url(key) {
      if (!key) return null;
      const exp = (Math.ceil(now() / 1000 / LINK_WINDOW_SECONDS) + 1) * LINK_WINDOW_SECONDS;
      return `${API_BASE}/files/${encodeURIComponent(key)}?exp=${exp}&sig=${sign(key, exp)}`;
    },

    forget: (executor, where) => repository.deleteFiles(executor, where),

    async discard(keys) {
      await Promise.all(keys.map((key) => deps.storage.delete(key)));
    },

    async read(key, link, actor) {
      if (!SAFE_KEY.test(key)) throw notFound('File');
      const file = await repository.findFile(deps.db, key);
      if (!file) throw notFound('File');
      const signed = linkIsValid(key, link.exp, link.sig);
      if (signed !== 'valid' && !mayRead(actor, file)) {
        if (signed === 'expired') throw new AppError('FORBIDDEN', 'This file link has expired. Reload the page for a fresh one.');
        throw notFound('File');
      }
      const data = await deps.storage.get(key);
      if (!data) throw notFound('File');
      const extension = key.split('.').pop() ?? 'bin';
      return {
        data: Buffer.from(data),
        contentType: file.content_type,
        filename: `${file.purpose.toLowerCase().replaceAll('_', '-')}.${extension}`,
      };
    },
  };
}
