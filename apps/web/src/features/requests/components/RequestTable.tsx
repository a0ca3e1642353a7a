import type { ReactNode } from 'react';
import { DataTable, type DataTableColumn, type DataTableProps, type DataTableSorting } from '@/components/ui/DataTable';

/** What a page gives a request table: the rows and their paging (`pagedRows`), search and sort, and its toolbar. */
export interface RequestTableProps<Row> extends Pick<DataTableProps<Row>, 'rows' | 'rowKey' | 'meta' | 'loading'> {
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
export function RequestTable<Row>({ search, showOrganization, ...table }: RequestTableFrameProps<Row>) {
  return <DataTable {...table} search={search ?? ''} minWidth={showOrganization ? 960 : 880} />;
}
