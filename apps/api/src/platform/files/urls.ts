import { API_BASE } from '@fleetfuel/contract';

/** Stored files are served back through the API, which checks who may see them. */
export function fileUrl(key: string | null): string | null {
  return key ? `${API_BASE}/files/${encodeURIComponent(key)}` : null;
}
