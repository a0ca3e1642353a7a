/**
 * Services know nothing of HTTP or SQL (docs/ARCHITECTURE.md): a `*.service.ts` of an API module
 * - imports neither `kysely` nor `fastify` (nor their sub-paths or `@fastify/*`), type imports included:
 *   the transaction type comes from platform/db (`Database`), replies are sent by the routes file;
 * - builds no query (`selectFrom`, `insertInto`, `updateTable`, `deleteFrom`, …): SQL lives in the
 *   module's repository.
 */
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const API_MODULES = path.join(ROOT, 'apps/api/src/modules');
const FORBIDDEN_PACKAGES = /^(kysely|fastify)(\/.*)?$|^@fastify\//;
const QUERY_BUILDERS = new Set([
  'selectFrom',
  'insertInto',
  'updateTable',
  'deleteFrom',
  'mergeInto',
  'replaceInto',
  'selectNoFrom',
  'with',
]);

const isService = (file) => file.startsWith(`${API_MODULES}${path.sep}`) && file.endsWith('.service.ts');

export default {
  meta: { type: 'problem', docs: { description: 'Services import neither kysely nor fastify and build no SQL' }, schema: [] },
  create(context) {
    if (!isService(context.filename)) return {};
    const checkSource = (node) => {
      const specifier = node.source?.value;
      if (typeof specifier === 'string' && FORBIDDEN_PACKAGES.test(specifier)) {
        context.report({
          node: node.source,
          message: `A service may not depend on "${specifier}": take the Database type from platform/db, leave SQL to the repository and replies to the routes file.`,
        });
      }
    };
    return {
      ImportDeclaration: checkSource,
      ExportNamedDeclaration: checkSource,
      ExportAllDeclaration: checkSource,
      ImportExpression: checkSource,
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier' || !QUERY_BUILDERS.has(callee.property.name))
          return;
        // `with` is a common word; only a CTE (`db.with('name', …)`) names a string first.
        if (callee.property.name === 'with' && node.arguments[0]?.type !== 'Literal') return;
        context.report({
          node: callee.property,
          message: `A service builds no SQL (${callee.property.name}): move the query into the module's repository.`,
        });
      },
    };
  },
};
