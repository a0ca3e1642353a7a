import type { ReactNode } from 'react';
import { Button, Divider, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { createPortal } from 'react-dom';
import type { Transaction, Wallet } from '@fleetfuel/contract';
import { StatusBadge, statusLabel } from '@/components/ui/StatusBadge';
import { Wordmark } from '@/components/ui/Wordmark';
import { formatCurrency, formatDateTime } from '@/lib/format';
import { signedAmount } from '../wallet-forms';
import './receipt.css';

function Receipt({ wallet, transaction }: { wallet: Wallet; transaction: Transaction }) {
  const rows: [string, ReactNode][] = [
    [wallet.owner.kind === 'ORGANIZATION' ? 'Organization' : 'Fuel Station', wallet.owner.name],
    ['Amount', signedAmount(transaction.amount, transaction.direction, formatCurrency)],
    ['Type', statusLabel(transaction.type)],
    ['Fee', formatCurrency(transaction.fee)],
    ['Reference', transaction.reference ?? '—'],
    ['Status', <StatusBadge key="status" status={transaction.status} />],
    ['Date', `${formatDateTime(transaction.createdAt)} (Lagos time)`],
    ['Note', transaction.note ?? '—'],
    ['Transaction ID', transaction.id],
  ];
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Wordmark />
        <Text fw={600}>Transaction Receipt</Text>
      </Group>
      <Divider />
      <Table withRowBorders={false} verticalSpacing={6} layout="fixed">
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w="38%" c="dimmed" fw={500} fz="sm">
                {label}
              </Table.Th>
              <Table.Td fz="sm" style={{ overflowWrap: 'anywhere' }}>
                {value}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

export interface ReceiptModalProps {
  wallet: Wallet;
  transaction: Transaction | null;
  onClose: () => void;
}

/** A transaction's receipt, with a Print button that prints the receipt alone. */
export function ReceiptModal({ wallet, transaction, onClose }: ReceiptModalProps) {
  return (
    <>
      <Modal opened={transaction !== null} onClose={onClose} title="Receipt" centered size="md">
        {transaction && (
          <Stack gap="lg">
            <Receipt wallet={wallet} transaction={transaction} />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Close
              </Button>
              <Button leftSection={<IconPrinter size={16} aria-hidden />} onClick={() => window.print()}>
                Print
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
      {transaction &&
        createPortal(
          <div className="ff-print-root" aria-hidden>
            <Receipt wallet={wallet} transaction={transaction} />
          </div>,
          document.body,
        )}
    </>
  );
}
