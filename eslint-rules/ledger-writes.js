/**
 * The ledger module is the only writer of money (docs/decisions/006): outside
 * apps/api/src/modules/ledger no code inserts, updates or deletes rows of the ledger's tables
 * (ledger_accounts, journal_entries, postings, holds), neither through Kysely (`insertInto`,
 * `updateTable`, `deleteFrom`, `mergeInto`, `replaceInto`) nor in raw SQL. Reading them is fine.
 * Exempt: the migrations (they create the tables) and tests (which tamper on purpose to prove the
 * database refuses it).
 */
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const API = path.join(ROOT, 'apps/api');
const EXEMPT_DIRS = [path.join(ROOT, 'apps/api/src/modules/ledger'), path.join(ROOT, 'apps/api/src/db/migrations')];
const LEDGER_TABLES = new Set(['ledger_accounts', 'journal_entries', 'postings', 'holds']);
const WRITERS = new Set(['insertInto', 'updateTable', 'deleteFrom', 'mergeInto', 'replaceInto']);
const RAW_WRITE =
  /\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM|MERGE\s+INTO)\s+(?:ONLY\s+)?(?:public\.)?"?(ledger_accounts|journal_entries|postings|holds)\b/i;

const inside = (file, dir) => file.startsWith(`${dir}${path.sep}`);
const applies = (file) => inside(file, API) && !EXEMPT_DIRS.some((dir) => inside(file, dir)) && !/\.test\.[cm]?[jt]s$/.test(file);
const message = (table) =>
  `Only the ledger module writes "${table}": go through the ledger service (or keep the data in this module's own table).`;

export default {
  meta: { type: 'problem', docs: { description: 'Only the ledger module writes the ledger tables' }, schema: [] },
  create(context) {
    if (!applies(context.filename)) return {};
    const checkText = (node, text) => {
      const match = RAW_WRITE.exec(text);
      if (match) context.report({ node, message: message(match[1].toLowerCase()) });
    };
    return {
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier' || !WRITERS.has(callee.property.name)) return;
        const table = node.arguments[0];
        if (table?.type !== 'Literal' || typeof table.value !== 'string') return;
        const name = table.value.trim().split(/\s+/)[0];
        if (LEDGER_TABLES.has(name)) context.report({ node: table, message: message(name) });
      },
      TemplateLiteral(node) {
        checkText(node, node.quasis.map((quasi) => quasi.value.cooked ?? quasi.value.raw).join(' '));
      },
      Literal(node) {
        if (typeof node.value === 'string') checkText(node, node.value);
      },
    };
  },
};
