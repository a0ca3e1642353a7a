/**
 * The list page of a registry (Assets, Drivers, Groups, Clients, Fuel Stations): an optional page
 * header or figures, a searchable and paginated table with its filters, an Add button, the
 * add/edit form modal and, where records may be deleted, the confirm dialog. Each page gives only
 * what is its own — the query hook, the columns, the row actions, the form, the labels.
 */
import { useMemo, useState, type ReactNode } from 'react';
import { Button, Paper } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { toastReply } from '@/lib/toast';
import type { PageMeta, RouteDefinition } from '@fleetfuel/contract';
import { ConfirmDialog } from './ConfirmDialog';
import { DataTable, type DataTableColumn } from './DataTable';
import { DateRangeFilter, dateRangeQuery } from './DateRangeFilter';
import { ExportButton } from './ExportButton';
import { ClientFilter, ListFilter, type ListFilterProps } from './ListFilter';
import { PageHeader } from './PageHeader';
import { useKeepPageInRange } from '@/lib/list-paging';
import { useListView, type ListViewQuery } from '@/lib/list-view';

/** One of the toolbar's filters; its value reaches `toQuery` under `name` ("" is "all"). */
export interface CrudListFilter<Name extends string> extends Pick<ListFilterProps, 'label' | 'allLabel' | 'options'> {
  name: Name;
}

/**
 * What every list query starts with: the page, search and sort; `organizationId` only when the
 * client filter names one; `from` and `to` when the page has a date range and they are set.
 */
interface CrudListBaseQuery<Sort extends string> extends ListViewQuery<Sort> {
  organizationId?: string;
  from?: string;
  to?: string;
}

/** A list query's answer, as the query hooks of the registries give it. */
interface CrudListResult<Row> {
  data?: { data: readonly Row[]; meta: PageMeta } | undefined;
  isFetching: boolean;
}

/** What a row's actions may open. */
interface CrudRowControls {
  edit: () => void;
  /** Opens the confirm dialog; only when the page has `remove`. */
  remove: () => void;
}

/** The form modal of the page, told which record it edits (null: a new one). */
interface CrudFormSlot<Row> {
  opened: boolean;
  record: Row | null;
  onClose: () => void;
}

interface CrudRemoval<Row> {
  /** The delete mutation; its reply's message is the success toast, a refusal its own error toast. */
  mutation: { mutateAsync: (id: string) => Promise<{ message: string }>; isPending: boolean };
  title: string;
  message: (row: Row) => ReactNode;
}

export interface CrudListPageProps<Row extends { id: string }, Query extends object, Name extends string, Sort extends string> {
  /** The table's accessible name, e.g. "Drivers". */
  label: string;
  /** A page header of its own, with the Add button beside the title; without one the button ends the toolbar. */
  header?: { title: string; description: string };
  /** Shown above the table, e.g. the page's figures. */
  above?: ReactNode;
  addLabel: string;
  searchPlaceholder: string;
  minWidth: number;
  /** The platform admin's filter by client, first in the toolbar. */
  clientFilter?: boolean;
  filters?: readonly CrudListFilter<Name>[];
  /** The columns the server sorts by (the contract's `…_SORTS`); their headers sort the table. */
  sortable?: readonly Sort[];
  /** A From/To filter on the day the records were created (the lists that show that date). */
  dateRange?: boolean;
  /** The list query from the page, search, sort, client, dates and the filters' values. */
  toQuery: (base: CrudListBaseQuery<Sort>, filters: Readonly<Record<Name, string>>) => Query;
  /** The page's list query hook, called once per render with the query above. */
  useList: (query: Query) => CrudListResult<Row>;
  /** The CSV export of the list (`routes.exports.*`): an Export button in the toolbar downloads it with the current filters. */
  exportRoute?: RouteDefinition;
  /** The columns before Actions; the filters' values let a column follow them. */
  columns: (filters: Readonly<Record<Name, string>>) => DataTableColumn<Row>[];
  rowActions: (row: Row, controls: CrudRowControls) => ReactNode;
  renderForm: (form: CrudFormSlot<Row>) => ReactNode;
  remove?: CrudRemoval<Row>;
  /** Further dialogs the row actions open. */
  children?: ReactNode;
}

export function CrudListPage<Row extends { id: string }, Query extends object, Name extends string = never, Sort extends string = never>({
  label,
  header,
  above,
  addLabel,
  searchPlaceholder,
  minWidth,
  clientFilter = false,
  filters = [],
  sortable,
  dateRange = false,
  toQuery,
  useList,
  exportRoute,
  columns,
  rowActions,
  renderForm,
  remove,
  children,
}: CrudListPageProps<Row, Query, Name, Sort>) {
  const filterNames = useMemo(() => [...filters.map((filter) => filter.name), 'organizationId', 'from', 'to'] as const, [filters]);
  const view = useListView<Name | 'organizationId' | 'from' | 'to', Sort>({ filters: filterNames, ...(sortable ? { sortable } : {}) });
  const { organizationId, from, to } = view.filters;
  const filterValues = view.filters as Readonly<Record<Name, string>>;
  // Each record outlives its dialog's `opened`, so the dialog keeps its title and text while it closes.
  const [editing, setEditing] = useState<{ opened: boolean; record: Row | null }>({ opened: false, record: null });
  const [deleting, setDeleting] = useState<{ opened: boolean; record: Row | null }>({ opened: false, record: null });

  const query = toQuery(
    {
      ...view.query,
      ...(clientFilter && organizationId ? { organizationId } : {}),
      ...(dateRange ? dateRangeQuery({ from, to }) : {}),
    },
    filterValues,
  );
  const list = useList(query);
  const meta = list.data?.meta;
  useKeepPageInRange(meta, view.page, view.setPage);

  const closeDelete = () => setDeleting((current) => ({ ...current, opened: false }));
  const confirmDelete = async () => {
    if (!remove || !deleting.record) return;
    // A refusal (the record has history) reaches the user as the server's own message.
    await toastReply(remove.mutation.mutateAsync(deleting.record.id));
    closeDelete();
  };

  const tableColumns: DataTableColumn<Row>[] = [
    ...columns(filterValues),
    {
      key: 'actions',
      header: 'Actions',
      noWrap: true,
      render: (row) =>
        rowActions(row, {
          edit: () => setEditing({ opened: true, record: row }),
          remove: () => setDeleting({ opened: true, record: row }),
        }),
    },
  ];
  const addButton = (
    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing({ opened: true, record: null })}>
      {addLabel}
    </Button>
  );

  return (
    <>
      {header && <PageHeader title={header.title} description={header.description} actions={addButton} />}
      {above}
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <DataTable
          label={label}
          columns={tableColumns}
          rows={list.data?.data}
          rowKey={(row) => row.id}
          meta={meta}
          loading={list.isFetching}
          {...view.table}
          searchPlaceholder={searchPlaceholder}
          minWidth={minWidth}
          toolbar={
            <>
              {clientFilter && <ClientFilter value={organizationId} onChange={view.setFilter('organizationId')} />}
              {filters.map((filter) => (
                <ListFilter
                  key={filter.name}
                  label={filter.label}
                  allLabel={filter.allLabel}
                  value={filterValues[filter.name]}
                  options={filter.options}
                  onChange={view.setFilter(filter.name)}
                />
              ))}
              {dateRange && <DateRangeFilter from={from} to={to} set={view.setFilter} />}
              {exportRoute && <ExportButton route={exportRoute} query={query} />}
              {!header && addButton}
            </>
          }
        />
      </Paper>
      {renderForm({
        opened: editing.opened,
        record: editing.record,
        onClose: () => setEditing((current) => ({ ...current, opened: false })),
      })}
      {children}
      {remove && (
        <ConfirmDialog
          opened={deleting.opened}
          title={remove.title}
          message={deleting.record ? remove.message(deleting.record) : null}
          confirmLabel="Delete"
          danger
          loading={remove.mutation.isPending}
          onConfirm={() => void confirmDelete()}
          onCancel={closeDelete}
        />
      )}
    </>
  );
}
