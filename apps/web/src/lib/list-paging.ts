/** The state every paginated, searchable list keeps: a page, a search, and filters that reset the page. */
import { useCallback, useEffect, useState } from 'react';

export function useListPaging() {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');

  // A new search or filter changes what page 2 means: the list starts again at page 1.
  const onSearchChange = useCallback((next: string) => {
    setSearch(next);
    setPage(1);
  }, []);
  const resettingPage = useCallback(
    <V>(setFilter: (value: V) => void) =>
      (value: V) => {
        setFilter(value);
        setPage(1);
      },
    [],
  );

  return { page, setPage, search, onSearchChange, resettingPage };
}

/** After a delete the last page may be gone: step back to the one that is now last. */
export function useKeepPageInRange(meta: { total: number; pageSize: number } | undefined, page: number, setPage: (page: number) => void) {
  useEffect(() => {
    if (!meta || meta.total === 0) return;
    const lastPage = Math.ceil(meta.total / meta.pageSize);
    if (page > lastPage) setPage(lastPage);
  }, [meta, page, setPage]);
}
