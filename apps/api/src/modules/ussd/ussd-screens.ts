/**
 * The shape of USSD replies, as pure functions: Africa's Talking shows `CON <screen>` and waits for
 * the next key press, or shows `END <screen>` and closes the session; a reply holds at most 182
 * characters, prefix included. Lists are numbered across pages (choice 7 is the seventh item
 * whichever page shows it), and a page holds what fits beside its title, an error line and the
 * "0 More" / "00 Back" lines, so that a page's items never move when an error is shown.
 */

/** The most characters one reply may carry, `CON `/`END ` included. */
export const USSD_REPLY_MAX = 182;
const PREFIX_LENGTH = 'CON '.length;
/** Room kept on every list page for one short error line ("Invalid choice.") and its line break. */
export const ERROR_LINE_ROOM = 31;
/** The most characters of one list item's label (a station's name is cut to fit). */
const ITEM_LABEL_MAX = 28;
/** Typed on a list: the next page, and the previous page (or the previous screen on the first page). */
const NEXT_PAGE = '0';
export const PREVIOUS_PAGE = '00';

export interface UssdReply {
  continues: boolean;
  screen: string;
}

export const con = (screen: string): UssdReply => ({ continues: true, screen });
export const end = (screen: string): UssdReply => ({ continues: false, screen });

/** The reply's text as the gateway reads it; a screen too long is cut (the screens are built to fit: this is the last guard). */
export function replyText(reply: UssdReply): string {
  const text = `${reply.continues ? 'CON' : 'END'} ${reply.screen}`;
  return text.length <= USSD_REPLY_MAX ? text : `${text.slice(0, USSD_REPLY_MAX - 3)}...`;
}

/** `text` cut to `max` characters, ending in "..." when cut. */
export function cut(text: string, max: number): string {
  const single = text.replace(/\s+/g, ' ').trim();
  return single.length <= max ? single : `${single.slice(0, Math.max(max - 3, 0)).trimEnd()}...`;
}

/** The driver's inputs so far: Africa's Talking joins them with `*`; the first callback's text is empty. */
export function inputsOf(text: string): string[] {
  return text === '' ? [] : text.split('*').map((input) => input.trim());
}

/** The items' indexes page by page: as many numbered lines as fit in `room` characters each. */
function pagesOf(labels: readonly string[], room: number): number[][] {
  const pages: number[][] = [];
  let page: number[] = [];
  let used = 0;
  labels.forEach((label, index) => {
    const line = `${index + 1} ${cut(label, ITEM_LABEL_MAX)}`.length + 1;
    if (page.length > 0 && used + line > room) {
      pages.push(page);
      page = [];
      used = 0;
    }
    page.push(index);
    used += line;
  });
  if (page.length > 0) pages.push(page);
  return pages;
}

export interface ListScreen {
  title: string;
  labels: readonly string[];
  page: number;
  more: string;
  back: string;
  error?: string | undefined;
}

/** Room for a list's items beside its title, the error line and both navigation lines. */
function itemRoom(list: Pick<ListScreen, 'title' | 'more' | 'back'>): number {
  return USSD_REPLY_MAX - PREFIX_LENGTH - ERROR_LINE_ROOM - (list.title.length + 1) - (list.more.length + 1) - list.back.length;
}

function listPages(list: Pick<ListScreen, 'title' | 'labels' | 'more' | 'back'>): number[][] {
  return pagesOf(list.labels, itemRoom(list));
}

/** One page of a numbered list: "0 More" while pages follow, "00 Back" always. */
export function listScreen(list: ListScreen): string {
  const pages = listPages(list);
  const page = pages[Math.min(list.page, pages.length - 1)] ?? [];
  const lines = [
    ...(list.error ? [list.error] : []),
    list.title,
    ...page.map((index) => `${index + 1} ${cut(list.labels[index] ?? '', ITEM_LABEL_MAX)}`),
    ...(list.page < pages.length - 1 ? [list.more] : []),
    list.back,
  ];
  return lines.join('\n');
}

/** What a typed choice on a list means: an item (its index), another page, back, or nothing valid. */
export type ListChoice = { kind: 'item'; index: number } | { kind: 'next' } | { kind: 'previous' } | { kind: 'invalid' };

export function listChoice(input: string, list: Pick<ListScreen, 'title' | 'labels' | 'more' | 'back' | 'page'>): ListChoice {
  if (input === PREVIOUS_PAGE) return { kind: 'previous' };
  const pages = listPages(list);
  if (input === NEXT_PAGE) return list.page < pages.length - 1 ? { kind: 'next' } : { kind: 'invalid' };
  if (!/^\d{1,3}$/.test(input)) return { kind: 'invalid' };
  const index = Number(input) - 1;
  return (pages[list.page] ?? []).includes(index) ? { kind: 'item', index } : { kind: 'invalid' };
}

/** `screen` with a short error line above it, when there is one. */
export function withError(screen: string, error: string | undefined): string {
  return error ? `${error}\n${screen}` : screen;
}
