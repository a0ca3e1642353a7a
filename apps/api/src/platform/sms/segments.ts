/**
 * What a text costs: GSM 03.38 (GSM-7) when every character is in its basic set or extension
 * table, otherwise UCS-2. A GSM-7 SMS holds 160 septets (153 per part of a longer one, the rest
 * carries the joining header) and an extension character takes two; a UCS-2 SMS holds 70 UTF-16
 * code units (67 per part), so one Yoruba ẹ or Hausa ɓ halves what a text may say. Folding to
 * ASCII (an organization's choice) keeps every text in GSM-7.
 */

/** The most parts a FleetFuel text may take: a longer one costs more than it tells. */
export const SMS_MAX_SEGMENTS = 2;

const GSM7_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞ\u001bÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' +
  '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM7_EXTENSION = '\f^{}\\[~]|€';

const basic = new Set(GSM7_BASIC);
const extension = new Set(GSM7_EXTENSION);

export type SmsEncoding = 'GSM-7' | 'UCS-2';

export interface SmsSize {
  encoding: SmsEncoding;
  /** Septets for GSM-7, UTF-16 code units for UCS-2. */
  units: number;
  segments: number;
}

export function smsEncoding(text: string): SmsEncoding {
  for (const character of text) {
    if (!basic.has(character) && !extension.has(character)) return 'UCS-2';
  }
  return 'GSM-7';
}

const LIMITS: Record<SmsEncoding, { single: number; part: number }> = {
  'GSM-7': { single: 160, part: 153 },
  'UCS-2': { single: 70, part: 67 },
};

/** How many septets (GSM-7) or UTF-16 code units (UCS-2, where an emoji's surrogate pair counts 2) `text` takes. */
function unitsOf(text: string, encoding: SmsEncoding): number {
  if (encoding === 'UCS-2') return text.length;
  let septets = 0;
  for (const character of text) septets += extension.has(character) ? 2 : 1;
  return septets;
}

/**
 * The encoding, size and parts of a text. Parts are counted as phones join them: a GSM-7
 * extension character is never split from its escape, nor a surrogate pair across two parts.
 */
export function smsSize(text: string): SmsSize {
  const encoding = smsEncoding(text);
  const units = unitsOf(text, encoding);
  const { single, part } = LIMITS[encoding];
  if (units === 0) return { encoding, units, segments: 0 };
  if (units <= single) return { encoding, units, segments: 1 };
  let segments = 1;
  let used = 0;
  for (const character of text) {
    const size = encoding === 'GSM-7' ? (extension.has(character) ? 2 : 1) : character.length;
    if (used + size > part) {
      segments += 1;
      used = 0;
    }
    used += size;
  }
  return { encoding, units, segments };
}

export const fitsSms = (text: string, maxSegments = SMS_MAX_SEGMENTS): boolean => smsSize(text).segments <= maxSegments;

/** Letters that lose nothing but their accent by NFD (ẹ is e + dot below) are handled there; these have none to lose. */
const FOLDED: Record<string, string> = {
  ɓ: 'b',
  Ɓ: 'B',
  ɗ: 'd',
  Ɗ: 'D',
  ƙ: 'k',
  Ƙ: 'K',
  ƴ: 'y',
  Ƴ: 'Y',
  ŋ: 'n',
  Ŋ: 'N',
  ɛ: 'e',
  Ɛ: 'E',
  ɔ: 'o',
  Ɔ: 'O',
  '₦': 'N',
  '‘': "'",
  '’': "'",
  ʼ: "'",
  '“': '"',
  '”': '"',
  '–': '-',
  '—': '-',
  '…': '...',
  '\u00a0': ' ',
  '•': '-',
  '×': 'x',
  // ASCII, but outside GSM-7.
  '`': "'",
  '\t': ' ',
};

/**
 * `text` in plain ASCII (always GSM-7): accents and dots below dropped (ẹ→e, ọ→o, ṣ→s, ị→i, ụ→u,
 * ṅ→n, à→a), hooked letters plain (ɓ→b, ɗ→d, ƙ→k, ƴ→y), ₦→N, curly quotes straight; whatever else
 * is left outside ASCII becomes "?".
 */
export function foldToAscii(text: string): string {
  let folded = '';
  for (const character of text) {
    const mapped = FOLDED[character];
    if (mapped !== undefined) {
      folded += mapped;
      continue;
    }
    const bare = character.normalize('NFD').replace(/\p{M}/gu, '');
    folded += [...bare].every((c) => c.charCodeAt(0) < 128) ? bare : '?';
  }
  return folded;
}
