/**
 * A routes file only binds routes (docs/ARCHITECTURE.md): an API module's `*.routes.ts` holds
 * imports, types and exported `bind…Routes` functions. Such a function's body is a sequence of
 * `binder.bind(route, handler)` calls, and every handler is a single expression that hands the
 * typed input to a service (no block body, no `if`/`?:`). Logic goes into the service.
 */
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const API_MODULES = path.join(ROOT, 'apps/api/src/modules');
const BIND_FUNCTION = /^bind\w*Routes$/;
const TYPE_DECLARATIONS = new Set(['TSInterfaceDeclaration', 'TSTypeAliasDeclaration']);

const isRoutesFile = (file) => file.startsWith(`${API_MODULES}${path.sep}`) && file.endsWith('.routes.ts');

function isAllowedTopLevel(statement) {
  if (statement.type === 'ImportDeclaration' || TYPE_DECLARATIONS.has(statement.type)) return true;
  if (statement.type !== 'ExportNamedDeclaration' || !statement.declaration) return false;
  const declaration = statement.declaration;
  if (TYPE_DECLARATIONS.has(declaration.type)) return true;
  return declaration.type === 'FunctionDeclaration' && BIND_FUNCTION.test(declaration.id?.name ?? '');
}

const isBindCall = (statement) =>
  statement.type === 'ExpressionStatement' &&
  statement.expression.type === 'CallExpression' &&
  statement.expression.callee.type === 'MemberExpression' &&
  statement.expression.callee.property.type === 'Identifier' &&
  statement.expression.callee.property.name === 'bind';

export default {
  meta: { type: 'problem', docs: { description: 'Routes files only bind contract routes to services' }, schema: [] },
  create(context) {
    if (!isRoutesFile(context.filename)) return {};
    return {
      Program(program) {
        for (const statement of program.body) {
          if (!isAllowedTopLevel(statement)) {
            context.report({
              node: statement,
              message: 'A routes file holds only imports, types and its exported bind…Routes function: move this into the service.',
            });
            continue;
          }
          const fn = statement.type === 'ExportNamedDeclaration' ? statement.declaration : null;
          if (fn?.type !== 'FunctionDeclaration') continue;
          for (const inner of fn.body.body) {
            if (!isBindCall(inner))
              context.report({
                node: inner,
                message: 'A bind…Routes function is a sequence of binder.bind(route, handler) calls: move this logic into the service.',
              });
          }
        }
      },
      ':function'(node) {
        // Top-level functions are judged above (only the exported bind…Routes ones may be there).
        if (node.type === 'FunctionDeclaration' && ['Program', 'ExportNamedDeclaration'].includes(node.parent?.type)) return;
        if (node.type === 'ArrowFunctionExpression' && node.body.type !== 'BlockStatement') return;
        context.report({
          node,
          message: 'A route handler is one expression that calls the service: move its statements into the service.',
        });
      },
      ConditionalExpression(node) {
        context.report({ node, message: 'No decisions in a routes file: move the condition into the service.' });
      },
    };
  },
};
