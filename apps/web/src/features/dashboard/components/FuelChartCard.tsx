import { useMemo, useState } from 'react';
import { SegmentedControl } from '@mantine/core';
import type { AnalyticsOverview } from '@fleetfuel/contract';
import { ChartCard, MonthlyChart, formatCompact, hasFigures, type ChartKind } from '@/components/charts';
import { formatVolume } from '@/lib/format';

const KINDS: { label: string; value: ChartKind }[] = [
  { label: 'Line', value: 'line' },
  { label: 'Bar', value: 'bar' },
];

const SERIES = [{ key: 'volume', name: 'Fuel dispensed', color: 'teal' }] as const;

function isKind(value: string): value is ChartKind {
  return KINDS.some((kind) => kind.value === value);
}

/** Spec section 2: the monthly fuel chart with a line/bar toggle. */
export function FuelChartCard({ months }: { months: AnalyticsOverview['graph']['monthlyFuelVolume'] }) {
  const [kind, setKind] = useState<ChartKind>('line');
  const first = months[0]?.label;
  const last = months[months.length - 1]?.label;
  const empty = !hasFigures(months.map((m) => m.volume));
  const data = useMemo(() => months.map((m) => ({ label: m.label, values: { volume: m.volume } })), [months]);
  return (
    <ChartCard
      title="Monthly Fuel"
      description={first && last ? `Litres dispensed, ${first} – ${last}` : 'Litres dispensed'}
      empty={empty}
      actions={
        !empty && (
          <SegmentedControl
            size="xs"
            aria-label="Chart type"
            data={KINDS}
            value={kind}
            onChange={(value) => {
              if (isKind(value)) setKind(value);
            }}
          />
        )
      }
    >
      <MonthlyChart kind={kind} data={data} series={SERIES} formatValue={(value) => formatVolume(value, 'L')} formatAxis={formatCompact} />
    </ChartCard>
  );
}
