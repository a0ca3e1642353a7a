/** Paging rules every list shares; a list's page, search, sort and filters live in the address (list-view.ts). */
import { useEffect } from 'react';
import type { PageMeta } from '@fleetfuel/contract';

/** After a delete the last page may be gone: step back to the one that is now last. */
export function useKeepPageInRange(meta: { total: number; pageSize: number } | undefined, page: number, setPage: (page: number) => void) {
  useEffect(() => {
    if (!meta || meta.total === 0) return;
    const lastPage = Math.ceil(meta.total / meta.pageSize);
    if (page > lastPage) setPage(lastPage);
  }, [meta, page, setPage]);
}

/** What a paged list reply carries beside its rows. */
interface PagedReply {
  meta: PageMeta;
}

const rowId = (row: { id: string }) => row.id;

/**
 * A paged list query as DataTable takes it: the page's rows (picked from the reply, whose key
 * differs from list to list), the page the server answered with, and whether a page is on its way.
 */
export function pagedRows<Reply extends PagedReply, Row extends { id: string }>(
  list: { data: Reply | undefined; isFetching: boolean },
  rowsOf: (reply: Reply) => readonly Row[],
) {
  return { rows: list.data && rowsOf(list.data), rowKey: rowId, meta: list.data?.meta, loading: list.isFetching };
}
