import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import rule from './ledger-writes.js';

RuleTester.describe = describe;
RuleTester.it = it;
const root = path.resolve(import.meta.dirname, '..');
const at = (file) => path.join(root, file);
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' } });
const wallet = at('apps/api/src/modules/wallet/wallet.repository.ts');

tester.run('ledger-writes', rule, {
  valid: [
    { filename: wallet, code: "db.selectFrom('ledger_accounts as a').selectAll('a');" },
    { filename: wallet, code: "db.updateTable('station_bank_accounts').set({ bank_code: '058' });" },
    { filename: wallet, code: 'sql`SELECT sum(amount_kobo) FROM postings WHERE account_id = ${id}`;' },
    {
      filename: at('apps/api/src/modules/ledger/ledger.repository.ts'),
      code: "db.updateTable('ledger_accounts').set({ balance_kobo: '0' });",
    },
    {
      filename: at('apps/api/src/db/migrations/0010-station-bank-accounts.ts'),
      code: 'sql`ALTER TABLE ledger_accounts DROP COLUMN bank_code; UPDATE ledger_accounts SET kind = kind`;',
    },
    { filename: at('apps/api/src/modules/wallet/wallet.api.test.ts'), code: "sql`UPDATE postings SET note = 'tampered'`;" },
    { filename: wallet, code: "db.selectFrom('audit_log').selectAll();" },
    { filename: at('apps/api/src/modules/audit/audit.repository.ts'), code: "trx.insertInto('audit_log').values(row);" },
    { filename: at('apps/api/src/modules/audit/audit.db.test.ts'), code: 'sql`DELETE FROM audit_log`;' },
  ],
  invalid: [
    { filename: wallet, code: "db.updateTable('ledger_accounts').set({ bank_code: '058' });", errors: 1 },
    { filename: wallet, code: "trx.insertInto('postings').values(row);", errors: 1 },
    { filename: wallet, code: "trx.deleteFrom('holds as h').where('h.id', '=', id);", errors: 1 },
    { filename: at('apps/api/src/db/seed-activity.ts'), code: "trx.updateTable('ledger_accounts').set({ bank_code: '058' });", errors: 1 },
    { filename: wallet, code: 'sql`UPDATE ledger_accounts SET balance_kobo = 0 WHERE id = ${id}`;', errors: 1 },
    { filename: wallet, code: "sql.raw('insert into journal_entries (kind) values (1)');", errors: 1 },
    { filename: wallet, code: 'sql`DELETE FROM holds WHERE id = ${id}`;', errors: 1 },
    { filename: wallet, code: "trx.insertInto('audit_log').values(row);", errors: 1 },
    { filename: wallet, code: 'sql`UPDATE audit_log SET note = ${note}`;', errors: 1 },
    { filename: at('apps/api/src/modules/ledger/ledger.repository.ts'), code: "trx.insertInto('audit_log').values(row);", errors: 1 },
    { filename: at('apps/api/src/modules/audit/audit.repository.ts'), code: "trx.insertInto('postings').values(row);", errors: 1 },
  ],
});
