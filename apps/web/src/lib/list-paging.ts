/** Paging rules every list shares; a list's page, search, sort and filters live in the address (list-view.ts). */
import { useEffect } from 'react';

/** After a delete the last page may be gone: step back to the one that is now last. */
export function useKeepPageInRange(meta: { total: number; pageSize: number } | undefined, page: number, setPage: (page: number) => void) {
  useEffect(() => {
    if (!meta || meta.total === 0) return;
    const lastPage = Math.ceil(meta.total / meta.pageSize);
    if (page > lastPage) setPage(lastPage);
  }, [meta, page, setPage]);
}
