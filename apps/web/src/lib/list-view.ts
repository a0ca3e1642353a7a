/**
 * What a list shows — its page, search, sort and filters — kept in the address (issue 14), so that
 * a link or a reload opens the same view and Back returns to it. A page with two lists gives one of
 * them a prefix (`history.page`) so that their keys do not meet.
 */
import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { PAGE_SIZE_DEFAULT, SORT_ORDERS, type SortOrder } from '@fleetfuel/contract';
import type { DataTableSorting } from '@/components/ui/DataTable';

export interface ListViewOptions<Filter extends string, Sort extends string> {
  /** The list's filters, by the names its query gives them; '' means "all". */
  filters?: readonly Filter[];
  /** A filter's value when the address names none (e.g. Invoice History opens on subscriptions). */
  defaults?: Partial<Record<Filter, string>>;
  /** The columns the server sorts by (the contract's `…_SORTS`); a sort the address names outside them is ignored. */
  sortable?: readonly Sort[];
  prefix?: string;
}

/** The page, search and sort of a list query, as every list route takes them. */
export interface ListViewQuery<Sort extends string> {
  page: number;
  pageSize: number;
  search?: string;
  sort?: Sort;
  order?: SortOrder;
}

const NO_FILTERS: readonly never[] = [];
const NO_SORTS: readonly never[] = [];

function pageNumber(text: string | null): number {
  const page = Number(text);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

export function useListView<Filter extends string = never, Sort extends string = never>(options: ListViewOptions<Filter, Sort> = {}) {
  const { filters: filterNames = NO_FILTERS, defaults, sortable = NO_SORTS, prefix } = options;
  const [params, setParams] = useSearchParams();
  /*
   * The address as this list last wrote it. React Router's functional update reads the address of
   * the last render, so two changes before the next one (a From date, then a To date) would each
   * start from the same old address and the second would drop the first; each change starts from
   * the one before it instead.
   */
  const written = useRef(params);
  // Kept current once each render commits, before any event can call `update`.
  useLayoutEffect(() => {
    written.current = params;
  }, [params]);
  /*
   * The page the list was opened on. A change that arrives once the user has left it (a search
   * typed just before clicking a row's link ends its pause after the click) must not write the
   * list's keys into the next page's address, which would replace that page's own (its `?id=`).
   */
  const openedAt = useRef(window.location.pathname);
  const key = useCallback((name: string) => (prefix ? `${prefix}.${name}` : name), [prefix]);

  const page = pageNumber(params.get(key('page')));
  const search = params.get(key('search')) ?? '';
  const sortParam = params.get(key('sort'));
  const sort = sortable.find((column) => column === sortParam);
  const orderParam = params.get(key('order'));
  const order = sort ? SORT_ORDERS.find((o) => o === orderParam) : undefined;
  // The filters' values, not the params object (new on every change of the address) nor the
  // defaults (often a literal, new on every render), decide when the record changes.
  const filterValues = JSON.stringify(filterNames.map((name) => [name, params.get(key(name)) ?? defaults?.[name] ?? '']));
  const filters = useMemo(
    () => Object.fromEntries(JSON.parse(filterValues) as [Filter, string][]) as Record<Filter, string>,
    [filterValues],
  );

  /**
   * Writes some of the list's keys (undefined or a default removes one) and, unless only the page
   * moves, starts again at page 1: a new search, sort or filter changes what page 2 means. Each
   * change replaces the history entry, so typing a search does not fill Back with every letter.
   */
  const update = useCallback(
    (changes: Record<string, string | undefined>) => {
      if (window.location.pathname !== openedAt.current) return;
      const next = new URLSearchParams(written.current);
      for (const [name, value] of Object.entries(changes)) {
        const fallback = (defaults as Record<string, string | undefined> | undefined)?.[name];
        if (value === undefined || value === (fallback ?? '')) next.delete(key(name));
        else next.set(key(name), value);
      }
      if (!('page' in changes)) next.delete(key('page'));
      written.current = next;
      setParams(next, { replace: true });
    },
    [setParams, key, defaults],
  );

  const setPage = useCallback((next: number) => update({ page: next > 1 ? String(next) : undefined }), [update]);
  const setSearch = useCallback((next: string) => update({ search: next || undefined }), [update]);
  const setFilter = useCallback((name: Filter) => (value: string) => update({ [name]: value }), [update]);
  /** A toolbar filter's value and its setter, as ListFilter takes them. */
  const filterControl = (name: Filter) => ({ value: filters[name], onChange: setFilter(name) });
  const setSort = useCallback(
    (column: Sort | undefined, direction: SortOrder | undefined) => update({ sort: column, order: column ? direction : undefined }),
    [update],
  );

  const query = useMemo<ListViewQuery<Sort>>(
    () => ({
      page,
      pageSize: PAGE_SIZE_DEFAULT,
      ...(search ? { search } : {}),
      ...(sort ? { sort, ...(order ? { order } : {}) } : {}),
    }),
    [page, search, sort, order],
  );

  const sorting: DataTableSorting | undefined =
    sortable.length > 0
      ? { columns: sortable, sort, order, onChange: (column, direction) => setSort(column as Sort | undefined, direction) }
      : undefined;

  return {
    page,
    search,
    sort,
    order,
    filters,
    setPage,
    setSearch,
    setFilter,
    setSort,
    filterControl,
    query,
    /** What DataTable takes to show and change the search, the sort and the page. */
    table: { search, onSearchChange: setSearch, onPageChange: setPage, sorting },
  };
}
