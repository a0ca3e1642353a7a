/** A page of a list as the contract replies with it: the service's rows and summary, plus `meta`. */
export function withPageMeta<T extends { total: number }>(
  query: { page: number; pageSize: number },
  result: T,
): Omit<T, 'total'> & { meta: { page: number; pageSize: number; total: number } } {
  const { total, ...rest } = result;
  return { ...rest, meta: { page: query.page, pageSize: query.pageSize, total } };
}
