import { Button } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import type { RouteDefinition } from '@fleetfuel/contract';
import { fetchFile, saveFile } from '@/lib/download';

export interface ExportButtonProps {
  /** The export route of the contract (`routes.exports.*`). */
  route: RouteDefinition;
  /** The table's current list query: the export takes its search and filters, not its page or sort. */
  query: object;
}

/** What the list query has that an export does not take: it holds every row, newest first. */
const VIEW_ONLY_KEYS = new Set(['page', 'pageSize', 'sort', 'order']);

/** The list query without its paging and sort: an export holds every row the filters match. */
function exportQuery(query: object): Record<string, string | number> {
  const filters: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(query)) {
    if (!VIEW_ONLY_KEYS.has(key) && (typeof value === 'string' || typeof value === 'number')) filters[key] = value;
  }
  return filters;
}

/**
 * A table's Export button: the CSV of every row the table's search and filters match, fetched with
 * the bearer token and saved under the server's name, as statements and reports are; a failure
 * reaches the user as the query client's error toast.
 */
export function ExportButton({ route, query }: ExportButtonProps) {
  const download = useMutation({
    mutationFn: async () => {
      // Without a name from the server, the route's own ("vehicles.csv").
      const file = await fetchFile(route, {}, route.path.split('/').pop() ?? 'export.csv', exportQuery(query));
      saveFile(file);
      return file.filename;
    },
  });
  return (
    <Button
      variant="default"
      leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
      loading={download.isPending}
      onClick={() => download.mutate()}
    >
      Export
    </Button>
  );
}
