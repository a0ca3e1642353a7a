/**
 * Budgets you can see (issue 44): each budget policy's use this week or month as a bar, with what
 * is left and, at the pace of the days so far, where the period will end. Green below 80%, orange
 * from 80%, red once the limit is reached; the lighter part of the bar is the projected rest.
 */
import { Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import type { BudgetUsage } from '@fleetfuel/contract';
import { formatCalendarDate, formatCurrency, formatVolume } from '@/lib/format';
import { useBudgetUsage } from '../api';
import { scopeText } from '../policy-labels';

const BUDGET_LABELS: Record<BudgetUsage['rule'], string> = {
  WEEKLY_BUDGET_NAIRA: 'Weekly budget',
  MONTHLY_BUDGET_NAIRA: 'Monthly budget',
  WEEKLY_LITRES: 'Weekly litres',
  MONTHLY_LITRES: 'Monthly litres',
};

const amount = (budget: BudgetUsage, value: number) => (budget.unit === 'NAIRA' ? formatCurrency(value) : formatVolume(value, 'L'));
const colorOf = (percent: number) => (percent >= 100 ? 'red' : percent >= 80 ? 'orange' : 'teal');

function BudgetRow({ budget }: { budget: BudgetUsage }) {
  const usedShare = Math.min(100, (budget.used / budget.limit) * 100);
  const projectedShare = Math.max(0, Math.min(100, (budget.projected / budget.limit) * 100) - usedShare);
  const label = `${BUDGET_LABELS[budget.rule]} · ${scopeText(budget.scope)}`;
  const left = budget.remaining >= 0 ? `${amount(budget, budget.remaining)} left` : `${amount(budget, -budget.remaining)} over`;
  return (
    <Stack component="li" gap={4}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <Text size="sm" c={colorOf(budget.percentUsed)} fw={600}>
          {budget.percentUsed}%
        </Text>
      </Group>
      <Progress.Root size="lg">
        <Progress.Section value={usedShare} color={colorOf(budget.percentUsed)} aria-label={`${label}: ${budget.percentUsed}% used`} />
        <Progress.Section
          value={projectedShare}
          color={colorOf(budget.percentUsed)}
          style={{ opacity: 0.3 }}
          aria-label={`${label}: projected to the period's end`}
        />
      </Progress.Root>
      <Text size="xs" c="dimmed">
        {amount(budget, budget.used)} of {amount(budget, budget.limit)} used · {left} · at this pace {amount(budget, budget.projected)} by{' '}
        {formatCalendarDate(budget.period.to)}
      </Text>
    </Stack>
  );
}

/** The budgets of the caller's organization (or the one the platform admin chose); nothing when it has none. */
export function BudgetUsageCard({ organizationId = null }: { organizationId?: string | null }) {
  const usage = useBudgetUsage(organizationId);
  const budgets = usage.data?.budgets ?? [];
  if (budgets.length === 0) return null;
  return (
    <Card withBorder radius="md" p="lg">
      <Title order={2} size="h4" mb="sm">
        Budgets this period
      </Title>
      <Stack component="ul" gap="md" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Budgets this period">
        {budgets.map((budget) => (
          <BudgetRow key={budget.policyId} budget={budget} />
        ))}
      </Stack>
    </Card>
  );
}
