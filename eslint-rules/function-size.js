/**
 * No function of the API over `max` lines (blank and comment lines not counted), so that each step
 * reads on one screen. Exempt: a `create*` factory, which only gathers its methods (each method is
 * held to the limit on its own); composition roots, seeds and migrations are left out in the config.
 */
const FACTORY = /^create[A-Z]/;

/** The name a function goes by: its own, or that of the variable it is assigned to. */
function nameOf(node) {
  if (node.id?.name) return node.id.name;
  if (node.parent?.type === 'VariableDeclarator' && node.parent.id.type === 'Identifier') return node.parent.id.name;
  return null;
}

export default {
  meta: {
    type: 'suggestion',
    docs: { description: 'Functions of at most `max` lines of code, create* factories aside' },
    schema: [{ type: 'object', properties: { max: { type: 'integer', minimum: 1 } }, additionalProperties: false }],
  },
  create(context) {
    const max = context.options[0]?.max ?? 80;
    const source = context.sourceCode;
    /** Lines holding only a comment (or part of one). */
    const commentLines = new Set();
    for (const comment of source.getAllComments()) {
      for (let line = comment.loc.start.line; line <= comment.loc.end.line; line += 1) {
        const text = source.lines[line - 1];
        const before = line === comment.loc.start.line ? text.slice(0, comment.loc.start.column) : '';
        const after = line === comment.loc.end.line ? text.slice(comment.loc.end.column) : '';
        if (!before.trim() && !after.trim()) commentLines.add(line);
      }
    }
    const check = (node) => {
      const name = nameOf(node);
      if (name && FACTORY.test(name)) return;
      let lines = 0;
      for (let line = node.loc.start.line; line <= node.loc.end.line; line += 1) {
        if (source.lines[line - 1].trim() && !commentLines.has(line)) lines += 1;
      }
      if (lines > max) {
        context.report({
          node,
          message: `${name ? `'${name}'` : 'This function'} has ${lines} lines of code; at most ${max}: name its phases as functions of their own.`,
        });
      }
    };
    return { FunctionDeclaration: check, FunctionExpression: check, ArrowFunctionExpression: check };
  },
};
