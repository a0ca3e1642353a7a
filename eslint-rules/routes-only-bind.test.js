import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import rule from './routes-only-bind.js';

RuleTester.describe = describe;
RuleTester.it = it;
const root = path.resolve(import.meta.dirname, '..');
const routes = path.join(root, 'apps/api/src/modules/wallet/wallet.routes.ts');
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' } });
const bindWith = (body) => `import { walletRoutes } from '@fleetfuel/contract';
export function bindWalletRoutes(binder: RouteBinder, wallet: WalletService): void {
${body}
}`;

tester.run('routes-only-bind', rule, {
  valid: [
    { filename: routes, code: bindWith('  binder.bind(walletRoutes.get, ({ actor, query }) => wallet.get(actor, query));') },
    {
      filename: routes,
      code: bindWith('  binder.bind(walletRoutes.list, async ({ actor, query }) => withPageMeta(query, await wallet.list(actor, query)));'),
    },
    {
      filename: routes,
      code: `type Deps = { wallet: WalletService };\n${bindWith('')}\nexport function bindSandboxRoutes(binder: RouteBinder): void {}`,
    },
    // Only module routes files are held to it.
    { filename: path.join(root, 'apps/api/src/app.ts'), code: 'function helper() { if (x) return 1; }' },
  ],
  invalid: [
    { filename: routes, code: `const keyOf = (request) => request.headers.key;\n${bindWith('')}`, errors: 1 },
    { filename: routes, code: `${bindWith('')}\nasync function previewCoupon(actor) { return actor; }`, errors: 1 },
    { filename: routes, code: `${bindWith('')}\nexport function helper() {}`, errors: 1 },
    { filename: routes, code: bindWith('  if (!sandbox) return;'), errors: 1 },
    { filename: routes, code: bindWith('  const { users } = deps;'), errors: 1 },
    {
      filename: routes,
      code: bindWith(`  binder.bind(walletRoutes.transactions, async ({ actor, query }) => {
    const { rows, total } = await wallet.transactions(actor, query);
    return { rows, total };
  });`),
      errors: 1,
    },
    { filename: routes, code: bindWith('  binder.bind(walletRoutes.get, function ({ actor }) { return wallet.get(actor); });'), errors: 1 },
    {
      filename: routes,
      code: bindWith(
        "  binder.bind(walletRoutes.get, ({ request }) => wallet.get(typeof request.x === 'string' ? request.x : undefined));",
      ),
      errors: 1,
    },
  ],
});
