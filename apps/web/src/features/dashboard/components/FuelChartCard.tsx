import { useMemo, useState } from 'react';
import type { AnalyticsOverview } from '@fleetfuel/contract';
import { ChartCard, MonthlyChart, formatCompact, hasFigures, type ChartKind } from '@/components/charts';
import { SegmentedChoice } from '@/components/ui/SegmentedChoice';
import { formatVolume } from '@/lib/format';

const KINDS: { label: string; value: ChartKind }[] = [
  { label: 'Line', value: 'line' },
  { label: 'Bar', value: 'bar' },
];

const SERIES = [{ key: 'volume', name: 'Fuel dispensed', color: 'teal' }] as const;

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
      actions={!empty && <SegmentedChoice size="xs" aria-label="Chart type" data={KINDS} value={kind} onChange={setKind} />}
    >
      <MonthlyChart kind={kind} data={data} series={SERIES} formatValue={(value) => formatVolume(value, 'L')} formatAxis={formatCompact} />
    </ChartCard>
  );
}
