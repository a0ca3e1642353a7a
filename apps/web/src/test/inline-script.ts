/**
 * Runs one of index.html's inline scripts (src/prerender) as the HTML parser would. happy-dom does
 * not run inline scripts, and these scripts are text by nature (the build writes them into the
 * page and the server allows them by their hash), so evaluating their text is what tests them.
 */
export function runInlineScript(text: string): void {
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  new Function(text).call(window);
}
