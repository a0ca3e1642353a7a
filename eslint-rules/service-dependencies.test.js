import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import rule from './service-dependencies.js';

RuleTester.describe = describe;
RuleTester.it = it;
const root = path.resolve(import.meta.dirname, '..');
const at = (file) => path.join(root, file);
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' } });
const service = at('apps/api/src/modules/wallet/payouts.service.ts');

tester.run('service-dependencies', rule, {
  valid: [
    { filename: service, code: "import type { Database } from '../../platform/db/database.js';" },
    { filename: service, code: "import * as repository from './wallet.repository.js';\nawait repository.findPayout(db, reference);" },
    { filename: service, code: 'await db.transaction().execute(async (trx) => ledger.post(trx, entry));' },
    // A repository is where SQL lives; a routes file speaks HTTP; platform/ and tests are outside the rule.
    { filename: at('apps/api/src/modules/wallet/wallet.repository.ts'), code: "import { sql } from 'kysely';\ndb.selectFrom('payouts');" },
    { filename: at('apps/api/src/modules/wallet/wallet.routes.ts'), code: "import type { FastifyRequest } from 'fastify';" },
    { filename: at('apps/api/src/platform/db/database.ts'), code: "import { Kysely } from 'kysely';" },
    { filename: at('apps/api/src/modules/wallet/wallet.api.test.ts'), code: "import { sql } from 'kysely';" },
    { filename: at('apps/api/src/modules/requests/fuel/redeem.ts'), code: "import type { Logger } from '../../../platform/logging.js';" },
  ],
  invalid: [
    { filename: service, code: "import { sql } from 'kysely';", errors: 1 },
    { filename: service, code: "import type { Transaction } from 'kysely';", errors: 1 },
    { filename: service, code: "import type { FastifyReply } from 'fastify';", errors: 1 },
    { filename: service, code: "import type { MultipartFile } from '@fastify/multipart';", errors: 1 },
    { filename: service, code: "export type { Kysely } from 'kysely';", errors: 1 },
    { filename: service, code: "await db.selectFrom('users').select('email').executeTakeFirst();", errors: 1 },
    { filename: service, code: "await trx.updateTable('payouts').set({ status: 'SUCCESS' }).execute();", errors: 1 },
    {
      filename: at('apps/api/src/modules/users/drivers.service.ts'),
      code: "await db.insertInto('users').values(row).execute();",
      errors: 1,
    },
    // Any other file of a module (a step, a rule, a dispatcher) is held to the same: SQL means a repository.
    { filename: at('apps/api/src/modules/requests/fuel/redeem.ts'), code: "import { sql } from 'kysely';", errors: 1 },
    { filename: at('apps/api/src/modules/requests/scope.ts'), code: "import type { ExpressionBuilder } from 'kysely';", errors: 1 },
    {
      filename: at('apps/api/src/modules/webhooks/webhooks.dispatcher.ts'),
      code: "import type { FastifyBaseLogger } from 'fastify';",
      errors: 1,
    },
    { filename: at('apps/api/src/modules/requests/rules/approval.ts'), code: "db.deleteFrom('holds');", errors: 1 },
    // A routes file speaks HTTP but builds no SQL.
    { filename: at('apps/api/src/modules/wallet/wallet.routes.ts'), code: "import { sql } from 'kysely';", errors: 1 },
  ],
});
