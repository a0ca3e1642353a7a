/**
 * What a file of an API module may depend on, by what it does (docs/ARCHITECTURE.md):
 * - only a repository (`*.repository.ts`) imports `kysely` and builds SQL (`selectFrom`,
 *   `insertInto`, `updateTable`, `deleteFrom`, …): a file that needs SQL is a repository;
 * - only a routes file (`*.routes.ts`) imports `fastify` or `@fastify/*`: services, steps and
 *   rules know nothing of HTTP (the logger type comes from platform/logging);
 * type imports included, tests exempt. The transaction type comes from platform/db (`Database`).
 */
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const API_MODULES = path.join(ROOT, 'apps/api/src/modules');
const KYSELY = /^kysely(\/.*)?$/;
const FASTIFY = /^fastify(\/.*)?$|^@fastify\//;
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

const inModules = (file) => file.startsWith(`${API_MODULES}${path.sep}`) && /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file);
const isRepository = (file) => file.endsWith('.repository.ts');
const isRoutes = (file) => file.endsWith('.routes.ts');

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Only repositories import kysely and build SQL; only routes files import fastify' },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    if (!inModules(file) || isRepository(file)) return {};
    const checkSource = (node) => {
      const specifier = node.source?.value;
      if (typeof specifier !== 'string') return;
      if (KYSELY.test(specifier)) {
        context.report({
          node: node.source,
          message: `Only a repository (*.repository.ts) may depend on "${specifier}": move the SQL into the module's repository and take the Database type from platform/db.`,
        });
      } else if (FASTIFY.test(specifier) && !isRoutes(file)) {
        context.report({
          node: node.source,
          message: `Only a routes file may depend on "${specifier}": replies are sent by the routes file, the logger type comes from platform/logging.`,
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
          message: `Only a repository builds SQL (${callee.property.name}): move the query into the module's repository.`,
        });
      },
    };
  },
};
