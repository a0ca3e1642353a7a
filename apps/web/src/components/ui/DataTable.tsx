import { useEffect, useEffectEvent, useState, type ReactNode } from 'react';
import {
  Box,
  Center,
  Group,
  Loader,
  NativeSelect,
  Pagination,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { MOBILE_BREAKPOINT_PX, type PageMeta, type SortOrder } from '@fleetfuel/contract';
import { formatNumber } from '@/lib/format';
import { IconArrowDown, IconArrowUp, IconArrowsSort, IconSearch } from '@tabler/icons-react';

export interface DataTableColumn<Row> {
  key: string;
  header: string;
  render: (row: Row) => ReactNode;
  /** Keeps short columns such as actions from wrapping. */
  noWrap?: boolean;
  /** The contract's name of the column the server sorts this one by, when it differs from `key`. */
  sortKey?: string;
}

/** The server-side sort of a table: which columns can sort it, the current one, and how to change it. */
export interface DataTableSorting {
  columns: readonly string[];
  sort: string | undefined;
  order: SortOrder | undefined;
  /** `undefined` returns the list to its own order. */
  onChange: (sort: string | undefined, order: SortOrder | undefined) => void;
}

/**
 * The column a row's actions live in. On a wide screen it stays in view at the table's right edge
 * while the other columns scroll; on a phone-sized screen it heads each row's card.
 */
const ACTIONS_KEY = 'actions';
const ACTIONS_CELL = 'ff-row-actions';
/** The width below which rows become cards: the spec's mobile breakpoint, where the side menu collapses too. */
const CARDS_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX}px)`;

export interface DataTableProps<Row> {
  columns: readonly DataTableColumn<Row>[];
  rows: readonly Row[] | undefined;
  rowKey: (row: Row) => string;
  /** The page the server answered with; pagination is the server's. */
  meta: PageMeta | undefined;
  loading: boolean;
  onPageChange: (page: number) => void;
  /** Called with the search text once typing pauses; omit for a table without a search box. */
  onSearchChange?: (search: string) => void;
  /** The search the list applies now (e.g. from the address): the box starts with it. */
  search?: string;
  sorting?: DataTableSorting | undefined;
  searchPlaceholder?: string;
  /** Filters or actions shown beside the search box. */
  toolbar?: ReactNode;
  /** Accessible name of the table. */
  label: string;
  /** The width the table needs; a narrower page scrolls it sideways, its Actions column staying in view. */
  minWidth?: number;
  /** Opens a row (its details) on click; controls inside the row should stop their click's propagation. */
  onRowClick?: (row: Row) => void;
}

const SEARCH_DEBOUNCE_MS = 300;

/**
 * A wide table scrolls sideways on a narrow screen; its loading and empty messages stay within the
 * part in view (the viewport less the side rail and padding) instead of centring on the whole width.
 */
const VISIBLE_PART = { position: 'sticky', left: 0, maxWidth: 'calc(100vw - 120px)' } as const;

const PAGINATION_LABELS = { first: 'First page', previous: 'Previous page', next: 'Next page', last: 'Last page' } as const;

export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  meta,
  loading,
  onPageChange,
  onSearchChange,
  search: appliedSearch = '',
  sorting,
  searchPlaceholder = 'Search',
  toolbar,
  label,
  minWidth = 800,
  onRowClick,
}: DataTableProps<Row>) {
  const [search, setSearch] = useState(appliedSearch);
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  // On a phone-sized screen each row is a card, so that no action hides past a sideways scroll.
  const stacked = useMediaQuery(CARDS_QUERY, false, { getInitialValueInEffect: false });

  // Only a change the user typed is reported: the search the list opened with is already applied.
  // The applied search (and the callback) are read, not watched: watching the applied search would
  // report the list's own change back to it.
  const reportSearch = useEffectEvent((typed: string) => {
    if (typed !== appliedSearch) onSearchChange?.(typed);
  });
  useEffect(() => {
    reportSearch(debouncedSearch);
  }, [debouncedSearch]);
  // Back or a link changes the applied search under the box: the box follows, adjusted while
  // rendering (the applied search it last followed is kept to notice the change).
  const [followed, setFollowed] = useState(appliedSearch);
  if (followed !== appliedSearch) {
    setFollowed(appliedSearch);
    setSearch((typed) => (typed.trim() === appliedSearch ? typed : appliedSearch));
  }

  const pageCount = meta ? Math.max(1, Math.ceil(meta.total / meta.pageSize)) : 1;
  const empty = !loading && (rows?.length ?? 0) === 0;
  const waiting = loading && (rows?.length ?? 0) === 0;

  return (
    <Box>
      {(onSearchChange || toolbar || (stacked && sorting)) && (
        <Group justify="space-between" mb="md" gap="sm" wrap="wrap">
          {onSearchChange ? (
            <TextInput
              aria-label={searchPlaceholder}
              placeholder={searchPlaceholder}
              leftSection={<IconSearch size={16} aria-hidden />}
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
              w={{ base: '100%', sm: 320 }}
            />
          ) : (
            <span />
          )}
          {(toolbar || (stacked && sorting)) && (
            <Group gap="sm" wrap="wrap">
              {stacked && sorting && <SortSelect columns={columns} sorting={sorting} />}
              {toolbar}
            </Group>
          )}
        </Group>
      )}

      {stacked ? (
        <RowCards columns={columns} rows={rows} rowKey={rowKey} label={label} loading={loading} onRowClick={onRowClick} />
      ) : (
        <Box pos="relative">
          <Table.ScrollContainer minWidth={minWidth}>
            <Table
              striped
              highlightOnHover
              verticalSpacing="sm"
              aria-label={label}
              aria-busy={loading}
              style={loading && (rows?.length ?? 0) > 0 ? { opacity: 0.6 } : undefined}
            >
              <Table.Thead>
                <Table.Tr>
                  {columns.map((column) => (
                    <HeaderCell key={column.key} column={column} sorting={sorting} />
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {waiting && (
                  <Table.Tr>
                    <Table.Td colSpan={columns.length}>
                      <Center py="xl" style={VISIBLE_PART}>
                        <Loader size="sm" aria-label="Loading" />
                      </Center>
                    </Table.Td>
                  </Table.Tr>
                )}
                {empty && (
                  <Table.Tr>
                    <Table.Td colSpan={columns.length}>
                      <Text ta="center" c="dimmed" py="xl" style={VISIBLE_PART}>
                        No Record
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                )}
                {rows?.map((row) => (
                  <Table.Tr
                    key={rowKey(row)}
                    onClick={onRowClick ? () => onRowClick(row) : undefined}
                    style={onRowClick ? { cursor: 'pointer' } : undefined}
                  >
                    {columns.map((column) => (
                      <Table.Td
                        key={column.key}
                        className={column.key === ACTIONS_KEY ? ACTIONS_CELL : undefined}
                        style={column.noWrap ? { whiteSpace: 'nowrap' } : undefined}
                      >
                        {column.render(row)}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Box>
      )}

      {meta && meta.total > 0 && (
        <Group justify="space-between" mt="md" gap="sm" wrap="wrap">
          <Text size="sm" c="dimmed">
            {formatRange(meta)}
          </Text>
          {pageCount > 1 && (
            <Pagination
              total={pageCount}
              value={meta.page}
              onChange={onPageChange}
              size="sm"
              withEdges={!stacked}
              siblings={stacked ? 0 : 1}
              getControlProps={(control) => ({ 'aria-label': PAGINATION_LABELS[control] })}
              getItemProps={(page) => ({ 'aria-label': `Page ${page}`, 'aria-current': page === meta.page ? 'page' : undefined })}
            />
          )}
        </Group>
      )}
    </Box>
  );
}

/** A column's header; a sortable one is a button that cycles ascending, descending, the list's own order. */
function HeaderCell<Row>({ column, sorting }: { column: DataTableColumn<Row>; sorting: DataTableSorting | undefined }) {
  const key = column.sortKey ?? column.key;
  const className = column.key === ACTIONS_KEY ? ACTIONS_CELL : undefined;
  if (!sorting || !sorting.columns.includes(key)) return <Table.Th className={className}>{column.header}</Table.Th>;
  const active = sorting.sort === key;
  const descending = active && sorting.order === 'desc';
  const next = () => {
    if (!active) sorting.onChange(key, 'asc');
    else if (!descending) sorting.onChange(key, 'desc');
    else sorting.onChange(undefined, undefined);
  };
  const Icon = !active ? IconArrowsSort : descending ? IconArrowDown : IconArrowUp;
  return (
    <Table.Th aria-sort={active ? (descending ? 'descending' : 'ascending') : 'none'} style={{ whiteSpace: 'nowrap' }}>
      <UnstyledButton onClick={next} title={`Sort by ${column.header}`} fz="inherit" fw="inherit">
        <Group gap={4} wrap="nowrap">
          {column.header}
          <Icon size={14} aria-hidden style={{ opacity: active ? 1 : 0.4 }} />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

/** On a narrow screen the sort is a choice in the toolbar, since cards have no headers to click. */
function SortSelect<Row>({ columns, sorting }: { columns: readonly DataTableColumn<Row>[]; sorting: DataTableSorting }) {
  const sortable = columns.filter((column) => sorting.columns.includes(column.sortKey ?? column.key));
  const options = [
    { value: '', label: 'Default order' },
    ...sortable.flatMap((column) => {
      const key = column.sortKey ?? column.key;
      return [
        { value: `${key}:asc`, label: `${column.header}, ascending` },
        { value: `${key}:desc`, label: `${column.header}, descending` },
      ];
    }),
  ];
  const value = sorting.sort ? `${sorting.sort}:${sorting.order ?? 'asc'}` : '';
  return (
    <NativeSelect
      aria-label="Sort by"
      value={value}
      data={options}
      onChange={(event) => {
        const [sort, order] = event.currentTarget.value.split(':');
        sorting.onChange(sort || undefined, sort ? (order as SortOrder) : undefined);
      }}
    />
  );
}

/**
 * The rows as cards for a narrow screen: the first column heads the card beside the row's
 * actions, the other columns follow as label and value, so nothing hides past a sideways scroll.
 */
function RowCards<Row>({
  columns,
  rows,
  rowKey,
  label,
  loading,
  onRowClick,
}: Pick<DataTableProps<Row>, 'columns' | 'rows' | 'rowKey' | 'label' | 'loading' | 'onRowClick'>) {
  const [first, ...others] = columns.filter((column) => column.key !== ACTIONS_KEY);
  const actions = columns.find((column) => column.key === ACTIONS_KEY);
  if (loading && (rows?.length ?? 0) === 0) {
    return (
      <Center py="xl">
        <Loader size="sm" aria-label="Loading" />
      </Center>
    );
  }
  if ((rows?.length ?? 0) === 0) {
    return (
      <Text ta="center" c="dimmed" py="xl">
        No Record
      </Text>
    );
  }
  return (
    <Stack
      component="ul"
      aria-label={label}
      aria-busy={loading}
      gap="sm"
      p={0}
      m={0}
      style={{ listStyle: 'none', opacity: loading ? 0.6 : undefined }}
    >
      {rows?.map((row) => (
        <Paper
          component="li"
          key={rowKey(row)}
          withBorder
          radius="md"
          p="sm"
          onClick={onRowClick ? () => onRowClick(row) : undefined}
          style={onRowClick ? { cursor: 'pointer' } : undefined}
        >
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <Box miw={0}>{first?.render(row)}</Box>
            {actions && <Box style={{ flexShrink: 0 }}>{actions.render(row)}</Box>}
          </Group>
          <SimpleGrid cols={2} spacing="sm" verticalSpacing={6} mt="xs">
            {others.map((column) => (
              <Box key={column.key} miw={0}>
                <Text size="xs" c="dimmed">
                  {column.header}
                </Text>
                <Box fz="sm" style={{ overflowWrap: 'anywhere' }}>
                  {column.render(row)}
                </Box>
              </Box>
            ))}
          </SimpleGrid>
        </Paper>
      ))}
    </Stack>
  );
}

function formatRange(meta: PageMeta): string {
  const first = (meta.page - 1) * meta.pageSize + 1;
  const last = Math.min(meta.total, meta.page * meta.pageSize);
  return `${formatNumber(first)}–${formatNumber(last)} of ${formatNumber(meta.total)}`;
}
