import { LANGUAGES, NIGERIAN_LOCATIONS } from '@fleetfuel/contract';
import { describe, expect, it } from 'vitest';
import { languageScreen, refusedScreen } from './ussd-menu.js';
import { ERROR_LINE_ROOM, con, cut, end, inputsOf, listChoice, listScreen, replyText, USSD_REPLY_MAX } from './ussd-screens.js';
import { PARAMETER_MAX, say, USSD_TEXT_KEYS } from './ussd-texts.js';

/** Every parameter at the longest a screen lets it be. */
const LONGEST = {
  minutes: 60,
  plate: 'P'.repeat(PARAMETER_MAX.plate),
  state: 'S'.repeat(PARAMETER_MAX.state),
  station: 'W'.repeat(PARAMETER_MAX.station),
  litres: '99999.99',
  code: 'ABCD-EFGH',
  expires: '31/12 23:59',
  reason: 'x'.repeat(400),
};

const fits = (screen: string) => expect(replyText(con(screen)).length, screen).toBeLessThanOrEqual(USSD_REPLY_MAX);

describe('USSD screens', () => {
  it('reads the inputs Africa’s Talking joins with *', () => {
    expect(inputsOf('')).toEqual([]);
    expect(inputsOf('1234')).toEqual(['1234']);
    expect(inputsOf('1234*1*20*3')).toEqual(['1234', '1', '20', '3']);
  });

  it('answers CON to go on and END to finish, never over 182 characters', () => {
    expect(replyText(con('Hi'))).toBe('CON Hi');
    expect(replyText(end('Bye'))).toBe('END Bye');
    expect(replyText(end('x'.repeat(500))).length).toBe(USSD_REPLY_MAX);
    expect(cut('A long   station\nname', 10)).toBe('A long...');
  });

  it('fits every text of the catalog, in every language, with the longest parameters', () => {
    for (const language of LANGUAGES) {
      for (const key of USSD_TEXT_KEYS) {
        const text = say(language, key, LONGEST);
        expect(text, `${language} ${key}`).not.toMatch(/\{\w+\}/);
        if (key !== 'refused') fits(text);
      }
      // Error lines stay within the room every list keeps for them.
      expect(say(language, 'invalid').length + 1).toBeLessThanOrEqual(ERROR_LINE_ROOM);
      fits(refusedScreen(language, LONGEST.reason).screen);
      fits(languageScreen(language, say(language, 'invalidLitres')));
      fits(`${say(language, 'languageSaved')}\n${say(language, 'menu')}`);
      fits(`${say(language, 'invalidLitres')}\n${say(language, 'askLitres', LONGEST)}`);
      fits(`${say(language, 'invalid')}\n${say(language, 'confirm', LONGEST)}`);
    }
  });

  it('pages a long list within a screen, numbering items across pages', () => {
    for (const language of LANGUAGES) {
      const list = {
        title: say(language, 'pickStation', LONGEST),
        labels: [...NIGERIAN_LOCATIONS, ...NIGERIAN_LOCATIONS.map((state) => `${state} ${'long name '.repeat(5)}`)],
        more: say(language, 'more'),
        back: say(language, 'back'),
      };
      let page = 0;
      let seen = 0;
      for (;;) {
        const screen = listScreen({ ...list, page, error: say(language, 'invalid') });
        fits(screen);
        const numbers = screen.split('\n').flatMap((line) => /^(\d+) /.exec(line)?.[1] ?? []);
        const items = numbers.map(Number).filter((n) => n > 0);
        expect(items[0]).toBe(seen + 1);
        seen = items.at(-1) ?? seen;
        expect(listChoice(String(seen), { ...list, page })).toEqual({ kind: 'item', index: seen - 1 });
        if (listChoice('0', { ...list, page }).kind !== 'next') break;
        page += 1;
      }
      expect(seen).toBe(list.labels.length);
      expect(listChoice('00', { ...list, page })).toEqual({ kind: 'previous' });
      expect(listChoice('999', { ...list, page })).toEqual({ kind: 'invalid' });
      expect(listChoice('abc', { ...list, page: 0 })).toEqual({ kind: 'invalid' });
    }
  });
});
