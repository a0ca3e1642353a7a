/** What the import dialog shows beside the API's reply: the template file and the words per kind. */
import { DRIVER_IMPORT_COLUMNS, VEHICLE_IMPORT_COLUMNS, type ImportColumn } from '@fleetfuel/contract';
import type { ImportKind } from './api';

export interface ImportWords {
  /** "assets", "drivers": the button says "Import 3 assets". */
  noun: string;
  columns: readonly ImportColumn[];
  /** The row's cells the preview shows, by the reply's `value` keys. */
  shown: readonly { key: string; label: string }[];
  templateName: string;
  /** What the dialog says about the columns beyond "one per line". */
  hint?: string;
}

export const IMPORT_WORDS: Record<ImportKind, ImportWords> = {
  assets: {
    noun: 'assets',
    columns: VEHICLE_IMPORT_COLUMNS,
    shown: [
      { key: 'plateNumber', label: 'Plate Number' },
      { key: 'make', label: 'Make' },
      { key: 'model', label: 'Model' },
    ],
    templateName: 'assets-import-template.csv',
  },
  drivers: {
    noun: 'drivers',
    columns: DRIVER_IMPORT_COLUMNS,
    shown: [
      { key: 'name', label: 'Name' },
      { key: 'email', label: 'Email' },
      { key: 'phone', label: 'Phone' },
    ],
    templateName: 'drivers-import-template.csv',
    hint: 'Password may be left blank: the driver is then sent an invitation to choose one, valid for 7 days, by e-mail, or by SMS when the row has no e-mail.',
  },
};

const cell = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

/** The template: the form's labels as headers and one example row, as a link the browser downloads. */
export function templateHref(columns: readonly ImportColumn[]): string {
  const lines = [columns.map((c) => cell(c.label)).join(','), columns.map((c) => cell(c.example)).join(',')];
  return `data:text/csv;charset=utf-8,${encodeURIComponent(`\uFEFF${lines.join('\r\n')}\r\n`)}`;
}
