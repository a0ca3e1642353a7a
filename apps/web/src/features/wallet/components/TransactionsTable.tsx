import { useMemo, useState } from 'react';
import { Button, Paper, Text, Title, Group } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import {
  TRANSACTION_SORTS,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
  routes,
  type Transaction,
  type TransactionType,
  type Wallet,
} from '@fleetfuel/contract';
import { DateRangeFilter, dateRangeQuery } from '@/components/ui/DateRangeFilter';
import { ExportButton } from '@/components/ui/ExportButton';
import { DataTable, type DataTableColumn } from '@/components/ui/DataTable';
import { StatusBadge, statusLabel } from '@/components/ui/StatusBadge';
import { formatCurrency, formatDate } from '@/lib/format';
import { useTransactions } from '../api';
import type { TransactionListQuery } from '../query-keys';
import { signedAmount } from '../wallet-forms';
import { ReceiptModal } from './ReceiptModal';
import { ListFilter, StatusListFilter } from '@/components/ui/ListFilter';
import { useListView } from '@/lib/list-view';
import { pagedRows } from '@/lib/list-paging';

const TYPE_FILTER = TRANSACTION_TYPES.map((value) => ({ value, label: statusLabel(value) }));
const STATUS_FILTER = TRANSACTION_STATUSES.map((value) => ({ value, label: statusLabel(value) }));

function isTransactionType(value: string): value is TransactionType {
  return (TRANSACTION_TYPES as readonly string[]).includes(value);
}
function isTransactionStatus(value: string): value is (typeof TRANSACTION_STATUSES)[number] {
  return (TRANSACTION_STATUSES as readonly string[]).includes(value);
}

export interface TransactionsTableProps {
  wallet: Wallet;
  title?: string;
  /** The type filter the table opens with ('' for all). */
  initialType?: TransactionType | '';
  /** Names the table's keys in the address where the page has another list. */
  prefix?: string;
}

/** A wallet's transactions, newest first, searchable by reference or note and filterable by type, each with a printable receipt. */
export function TransactionsTable({ wallet, title = 'Transactions', initialType = '', prefix }: TransactionsTableProps) {
  const view = useListView({
    filters: ['type', 'status', 'from', 'to'],
    defaults: { type: initialType },
    sortable: TRANSACTION_SORTS,
    ...(prefix ? { prefix } : {}),
  });
  const { type, status, from, to } = view.filters;
  const [receipt, setReceipt] = useState<Transaction | null>(null);
  const query = useMemo<TransactionListQuery>(
    () => ({
      ...view.query,
      ...(isTransactionType(type) ? { type } : {}),
      ...(isTransactionStatus(status) ? { status } : {}),
      ...dateRangeQuery({ from, to }),
    }),
    [view.query, type, status, from, to],
  );
  const transactions = useTransactions(wallet.id, query);

  const columns = useMemo<DataTableColumn<Transaction>[]>(
    () => [
      { key: 'createdAt', header: 'Date', render: (t) => formatDate(t.createdAt), noWrap: true },
      {
        key: 'amount',
        header: 'Amount',
        noWrap: true,
        render: (t) => (
          // Money that has not moved (a pending or failed card payment) is not coloured as if it had.
          <Text size="sm" fw={600} c={t.status !== 'SUCCESS' ? 'dimmed' : t.direction === 'DEBIT' ? 'red' : 'teal'}>
            {signedAmount(t.amount, t.direction, formatCurrency)}
          </Text>
        ),
      },
      { key: 'type', header: 'Type', render: (t) => statusLabel(t.type), noWrap: true },
      { key: 'note', header: 'Note', render: (t) => t.note ?? '' },
      { key: 'fee', header: 'Fee', render: (t) => formatCurrency(t.fee), noWrap: true },
      {
        key: 'reference',
        header: 'Reference',
        render: (t) => (
          <Text size="xs" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
            {t.reference ?? '—'}
          </Text>
        ),
      },
      { key: 'status', header: 'Status', render: (t) => <StatusBadge status={t.status} />, noWrap: true },
      {
        key: 'actions',
        header: 'Actions',
        noWrap: true,
        render: (t) => (
          <Button
            size="compact-sm"
            variant="subtle"
            leftSection={<IconReceipt size={14} aria-hidden />}
            onClick={() => setReceipt(t)}
            aria-label={`Receipt for ${t.reference ?? t.id}`}
          >
            Receipt
          </Button>
        ),
      },
    ],
    [],
  );

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
      <Group justify="space-between" mb="md">
        <Title order={2} fz="lg">
          {title}
        </Title>
      </Group>
      <DataTable
        label={title}
        columns={columns}
        {...pagedRows(transactions, (reply) => reply.transactions)}
        {...view.table}
        searchPlaceholder="Search reference or note"
        minWidth={960}
        toolbar={
          <>
            <ListFilter label="Filter by type" allLabel="All types" options={TYPE_FILTER} {...view.filterControl('type')} />
            <StatusListFilter options={STATUS_FILTER} {...view.filterControl('status')} />
            <DateRangeFilter from={from} to={to} set={view.setFilter} />
            <ExportButton route={routes.exports.transactions} query={{ ...query, walletId: wallet.id }} />
          </>
        }
      />
      <ReceiptModal wallet={wallet} transaction={receipt} onClose={() => setReceipt(null)} />
    </Paper>
  );
}
