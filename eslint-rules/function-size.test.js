import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import rule from './function-size.js';

RuleTester.describe = describe;
RuleTester.it = it;
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' } });
const body = (lines) => Array.from({ length: lines }, (_, i) => `  const v${i} = ${i};`).join('\n');

tester.run('function-size', rule, {
  valid: [
    { code: `function short() {\n${body(2)}\n}`, options: [{ max: 4 }] },
    // Blank lines and comments do not count.
    { code: `function commented() {\n  // why\n\n  /* more\n     why */\n${body(2)}\n}`, options: [{ max: 4 }] },
    // A factory only gathers its methods; the methods are held to the limit.
    { code: `export function createThing() {\n${body(10)}\n  return { a: () => 1 };\n}`, options: [{ max: 4 }] },
    { code: `const createOther = () => {\n${body(10)}\n};`, options: [{ max: 4 }] },
  ],
  invalid: [
    { code: `function long() {\n${body(3)}\n}`, options: [{ max: 4 }], errors: [{ message: /'long' has 5 lines of code; at most 4/ }] },
    { code: `const step = async () => {\n${body(5)}\n};`, options: [{ max: 4 }], errors: 1 },
    { code: `export function createThing() {\n  return {\n    method() {\n${body(5)}\n    },\n  };\n}`, options: [{ max: 4 }], errors: 1 },
  ],
});
