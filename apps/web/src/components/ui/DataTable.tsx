import { useEffect, useState, type ReactNode } from 'react';
import { Box, Center, Group, Loader, Pagination, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { PageMeta } from '@fleetfuel/contract';
import { formatNumber } from '@/lib/format';
import { IconSearch } from '@tabler/icons-react';

export interface DataTableColumn<Row> {
  key: string;
  header: string;
  render: (row: Row) => ReactNode;
  /** Keeps short columns such as actions from wrapping. */
  noWrap?: boolean;
}

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
  searchPlaceholder?: string;
  /** Filters or actions shown beside the search box. */
  toolbar?: ReactNode;
  /** Accessible name of the table. */
  label: string;
  /** Wider tables scroll sideways on narrow screens rather than squeeze their columns. */
  minWidth?: number;
  /** Opens a row (its details) on click; controls inside the row should stop their click's propagation. */
  onRowClick?: (row: Row) => void;
}

export const SEARCH_DEBOUNCE_MS = 300;

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
  searchPlaceholder = 'Search',
  toolbar,
  label,
  minWidth = 800,
  onRowClick,
}: DataTableProps<Row>) {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);

  useEffect(() => {
    onSearchChange?.(debouncedSearch);
  }, [debouncedSearch, onSearchChange]);

  const pageCount = meta ? Math.max(1, Math.ceil(meta.total / meta.pageSize)) : 1;
  const empty = !loading && (rows?.length ?? 0) === 0;

  return (
    <Box>
      {(onSearchChange || toolbar) && (
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
          {toolbar && (
            <Group gap="sm" wrap="wrap">
              {toolbar}
            </Group>
          )}
        </Group>
      )}

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
                  <Table.Th key={column.key}>{column.header}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {loading && (rows?.length ?? 0) === 0 && (
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
                    <Table.Td key={column.key} style={column.noWrap ? { whiteSpace: 'nowrap' } : undefined}>
                      {column.render(row)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Box>

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
              withEdges
              getControlProps={(control) => ({ 'aria-label': PAGINATION_LABELS[control] })}
              getItemProps={(page) => ({ 'aria-label': `Page ${page}`, 'aria-current': page === meta.page ? 'page' : undefined })}
            />
          )}
        </Group>
      )}
    </Box>
  );
}

function formatRange(meta: PageMeta): string {
  const first = (meta.page - 1) * meta.pageSize + 1;
  const last = Math.min(meta.total, meta.page * meta.pageSize);
  return `${formatNumber(first)}–${formatNumber(last)} of ${formatNumber(meta.total)}`;
}
