/** Free-text search terms become ILIKE patterns with the user's % and _ taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function pageOffset(page: number, pageSize: number): number {
  return (page - 1) * pageSize;
}
