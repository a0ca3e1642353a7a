/**
 * Tables with one writer. The ledger module is the only writer of money (docs/decisions/006) and
 * the audit module the only writer of the audit trail (architecture: "nothing else writes its
 * table"): outside its owner's folder no code inserts, updates or deletes rows of an owned table
 * (the ledger's ledger_accounts, journal_entries, postings, holds; audit's audit_log), neither
 * through Kysely (`insertInto`, `updateTable`, `deleteFrom`, `mergeInto`, `replaceInto`) nor in
 * raw SQL. Reading them is fine. Exempt: the migrations (they create the tables) and tests (which
 * tamper on purpose to prove the database refuses it).
 */
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const API = path.join(ROOT, 'apps/api');
const MIGRATIONS = path.join(ROOT, 'apps/api/src/db/migrations');
/** Owned table → the module that alone writes it. */
const OWNERS = new Map([
  ...['ledger_accounts', 'journal_entries', 'postings', 'holds'].map((table) => [table, 'ledger']),
  ['audit_log', 'audit'],
]);
const WRITERS = new Set(['insertInto', 'updateTable', 'deleteFrom', 'mergeInto', 'replaceInto']);
const RAW_WRITE = new RegExp(
  `\\b(?:INSERT\\s+INTO|UPDATE|DELETE\\s+FROM|MERGE\\s+INTO)\\s+(?:ONLY\\s+)?(?:public\\.)?"?(${[...OWNERS.keys()].join('|')})\\b`,
  'i',
);

const inside = (file, dir) => file.startsWith(`${dir}${path.sep}`);
const ownerDir = (table) => path.join(ROOT, 'apps/api/src/modules', OWNERS.get(table));
const applies = (file) => inside(file, API) && !inside(file, MIGRATIONS) && !/\.test\.[cm]?[jt]s$/.test(file);
const message = (table) =>
  `Only the ${OWNERS.get(table)} module writes "${table}": go through the ${OWNERS.get(table)} service (or keep the data in this module's own table).`;

export default {
  meta: { type: 'problem', docs: { description: 'Only the owning module (ledger, audit) writes its tables' }, schema: [] },
  create(context) {
    if (!applies(context.filename)) return {};
    const checkText = (node, text) => {
      const table = RAW_WRITE.exec(text)?.[1]?.toLowerCase();
      if (table && !inside(context.filename, ownerDir(table))) context.report({ node, message: message(table) });
    };
    return {
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier' || !WRITERS.has(callee.property.name)) return;
        const table = node.arguments[0];
        if (table?.type !== 'Literal' || typeof table.value !== 'string') return;
        const name = table.value.trim().split(/\s+/)[0];
        if (OWNERS.has(name) && !inside(context.filename, ownerDir(name))) context.report({ node: table, message: message(name) });
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
