/**
 * The layering rules of docs/ARCHITECTURE.md, checked on every import:
 * - the contract package imports nothing of the apps;
 * - the web app never imports the API (nor the database);
 * - a web feature never imports another feature;
 * - the web app's shared layers (components/, lib/) never import features/ or app/;
 * - an API module reaches another module only through its index.ts.
 */
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const WEB = path.join(ROOT, 'apps/web/src');
const API = path.join(ROOT, 'apps/api');
const API_MODULES = path.join(ROOT, 'apps/api/src/modules');
const CONTRACT = path.join(ROOT, 'packages/contract');
/** The web app's layers below features and the app's shell, and the ones they may not reach. */
const SHARED_LAYERS = ['components', 'lib'];
const APP_LAYERS = ['features', 'app'];

const inside = (file, dir) => file === dir || file.startsWith(`${dir}${path.sep}`);
/** The first folder below `dir` that `file` sits in, e.g. the feature or module name. */
const areaOf = (file, dir) => (inside(file, dir) ? path.relative(dir, file).split(path.sep)[0] : null);

function check(context, node) {
  const specifier = node.source?.value;
  if (typeof specifier !== 'string') return;
  const file = context.filename;
  // The web app's `@/` alias (apps/web/vite.config.ts) names a file below apps/web/src.
  const aliased = inside(file, WEB) && specifier.startsWith('@/') ? path.join(WEB, specifier.slice(2)) : null;
  const target = specifier.startsWith('.') ? path.resolve(path.dirname(file), specifier) : aliased;
  const report = (message) => context.report({ node: node.source, message });

  if (inside(file, CONTRACT)) {
    if (specifier.startsWith('@fleetfuel/') || (target && !inside(target, CONTRACT))) {
      report('The contract package depends on nothing of the apps.');
    }
    return;
  }
  if (inside(file, WEB)) {
    if (
      specifier.startsWith('@fleetfuel/api') ||
      (target && inside(target, API)) ||
      ['pg', 'kysely', '@electric-sql/pglite'].includes(specifier)
    ) {
      report('The web app never imports the API or the database: go through the contract and the API client.');
    }
    const from = areaOf(file, path.join(WEB, 'features'));
    const to = target ? areaOf(target, path.join(WEB, 'features')) : null;
    if (from && to && from !== to) report(`Feature "${from}" may not import feature "${to}": move what they share to components/ or lib/.`);
    const layer = areaOf(file, WEB);
    const reached = target ? areaOf(target, WEB) : null;
    if (SHARED_LAYERS.includes(layer) && APP_LAYERS.includes(reached)) {
      report(
        `${layer}/ is shared by the whole app and may not import ${reached}/: move the code down into components/ or lib/, or pass it in as a prop.`,
      );
    }
    return;
  }
  if (inside(file, API_MODULES) && target && inside(target, API_MODULES)) {
    const from = areaOf(file, API_MODULES);
    const to = areaOf(target, API_MODULES);
    const viaIndex = path.relative(path.join(API_MODULES, to), target).replace(/\.js$/, '') === 'index';
    if (from !== to && !viaIndex) report(`Module "${from}" reaches module "${to}" only through its index.ts.`);
  }
}

export default {
  meta: { type: 'problem', docs: { description: 'Layering of the FleetFuel workspace' }, schema: [] },
  create(context) {
    return {
      ImportDeclaration: (node) => check(context, node),
      ExportNamedDeclaration: (node) => check(context, node),
      ExportAllDeclaration: (node) => check(context, node),
      ImportExpression: (node) => check(context, node),
    };
  },
};
