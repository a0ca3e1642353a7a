import { describe, expect, it } from 'vitest';
import { withPrerenderedScreen } from './prerender';

const INDEX =
  '<!doctype html><html><head><title>FleetFuel</title></head><body><div id="root"></div><script type="module" src="/a.js"></script></body></html>';

describe('withPrerenderedScreen', () => {
  it('puts the screen into #root, followed by its inline script, and leaves the rest as built', () => {
    const html = withPrerenderedScreen(INDEX, '<form>sign in</form>', 'go()');
    expect(html).toBe(
      '<!doctype html><html><head><title>FleetFuel</title></head><body><div id="root"><form>sign in</form></div><script>go()</script><script type="module" src="/a.js"></script></body></html>',
    );
  });

  it('refuses a template without exactly one empty #root', () => {
    expect(() => withPrerenderedScreen('<body></body>', 'x', 'y')).toThrow(/exactly one empty/);
    expect(() => withPrerenderedScreen(withPrerenderedScreen(INDEX, 'x', 'y'), 'x', 'y')).toThrow(/exactly one empty/);
    expect(() => withPrerenderedScreen('<div id="root"></div><div id="root"></div>', 'x', 'y')).toThrow(/exactly one empty/);
  });
});
