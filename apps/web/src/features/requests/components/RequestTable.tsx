import type { ReactNode } from 'react';
import type { PageMeta } from '@fleetfuel/contract';
import { DataTable, type DataTableColumn, type DataTableSorting } from '@/components/ui/DataTable';
import type { RequestRow } from '../request-columns';

/** What a page gives a request table: the rows, their paging, search and sort, and its toolbar. */
export interface RequestTableProps<Row> {
  rows: readonly Row[] | undefined;
  meta: PageMeta | undefined;
  loading: boolean;
  /** The search the list applies (from the address) and its server-side sort. */
  search?: string;
  sorting?: DataTableSorting | undefined;
  onPageChange: (page: number) => void;
  onSearchChange?: (search: string) => void;
  toolbar?: ReactNode;
  /** ADMIN sees every organization's requests, so the Client column. */
  showOrganization: boolean;
}

interface RequestTableFrameProps<Row> extends RequestTableProps<Row> {
  label: string;
  /** The table's columns (`requestColumns`). */
  columns: DataTableColumn<Row>[];
  searchPlaceholder: string;
  onRowClick: (request: Row) => void;
}

/** The frame of the fuel request and maintenance tables: a DataTable of requests, wider with the Client column. */
export function RequestTable<Row extends RequestRow>({ search, showOrganization, ...table }: RequestTableFrameProps<Row>) {
  return <DataTable {...table} rowKey={(r) => r.id} search={search ?? ''} minWidth={showOrganization ? 960 : 880} />;
}
