/**
 * The platform admin's view of activity (issue 7: requests by status, money moved this month), from
 * the same sources as the other pages: the request lists' totals per status and the platform-scope
 * analytics overview for the current month.
 */
import { Paper, SimpleGrid, Skeleton, Table, Text } from '@mantine/core';
import { IconBuildingBank, IconCash, IconGasStation } from '@tabler/icons-react';
import { useQueries, useQuery } from '@tanstack/react-query';
import { REQUEST_STATUSES, routes, type RequestStatus } from '@fleetfuel/contract';
import { StatCard, StatCardPlaceholders } from '@/components/ui/StatCard';
import { statusLabel } from '@/components/ui/StatusBadge';
import { overviewQuery } from '@/lib/analytics-overview';
import { callApi } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { formatNumber } from '@/lib/format';
import { analyticsKeys } from '../query-keys';

/** Counting needs only the list's total, so each status asks for a one-row page. */
function useFuelRequestCountsByStatus() {
  const results = useQueries({
    queries: REQUEST_STATUSES.map((status) => ({
      queryKey: analyticsKeys.fuelRequestCount(status),
      queryFn: () => callApi(routes.fuelRequests.allRequests, { query: { status, page: 1, pageSize: 1 } }),
    })),
  });
  if (results.some((r) => r.data === undefined)) return { counts: null, isError: results.some((r) => r.isError) };
  const counts = Object.fromEntries(REQUEST_STATUSES.map((status, i) => [status, results[i]?.data?.meta.total ?? 0])) as Record<
    RequestStatus,
    number
  >;
  return { counts, isError: false };
}

export function PlatformActivity() {
  const { user } = useAuth();
  const overview = useQuery({ ...overviewQuery(user?.id ?? '', { months: 1, organizationId: null }), enabled: user !== null });
  const fuel = useFuelRequestCountsByStatus();
  const o = overview.data;
  const thisMonth = o?.graph.monthlyFinancials.at(-1);

  return (
    <>
      <section aria-label="This month">
        <Text fw={600} mb="sm">
          This Month{thisMonth ? ` (${thisMonth.label})` : ''}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          {o && thisMonth ? (
            <>
              <StatCard
                title="Paid to Stations"
                number={thisMonth.expenses}
                currency
                note="From organizations’ wallets, for fuel dispensed"
                icon={<IconCash size={22} />}
              />
              <StatCard
                title="Platform Revenue"
                number={thisMonth.earnings}
                currency
                note="Fees and subscriptions"
                icon={<IconBuildingBank size={22} />}
              />
              <StatCard
                title="Fuel Dispensed"
                number={o.fuelSummary.thisMonth}
                unit="L"
                note={o.notes.fuelConsumption}
                icon={<IconGasStation size={22} />}
              />
            </>
          ) : (
            !overview.isError && <StatCardPlaceholders count={3} />
          )}
        </SimpleGrid>
      </section>
      <section aria-label="Requests by status">
        <Text fw={600} mb="sm">
          Requests by Status
        </Text>
        {o && fuel.counts ? (
          <Paper withBorder radius="md">
            <Table.ScrollContainer minWidth={520}>
              <Table verticalSpacing="sm" horizontalSpacing="md">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Request</Table.Th>
                    {REQUEST_STATUSES.map((status) => (
                      <Table.Th key={status} ta="right">
                        {statusLabel(status)}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  <Table.Tr>
                    <Table.Td>Fuel</Table.Td>
                    {REQUEST_STATUSES.map((status) => (
                      <Table.Td key={status} ta="right">
                        {formatNumber(fuel.counts[status])}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Td>Maintenance</Table.Td>
                    {REQUEST_STATUSES.map((status) => (
                      <Table.Td key={status} ta="right">
                        {/* Maintenance requests never expire: they carry no money hold. */}
                        {status === 'EXPIRED' ? '—' : formatNumber(o.counts.maintenanceRequests[status])}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
        ) : (
          // A failed load has already said so in a toast; no stand-in figures take the table's place.
          !overview.isError && !fuel.isError && <Skeleton height={140} radius="md" />
        )}
      </section>
    </>
  );
}
