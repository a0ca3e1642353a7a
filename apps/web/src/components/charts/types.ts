/** The shapes the charts draw. */

export type ChartKind = 'line' | 'bar';

export interface ChartSeries {
  /** The datum's field this series reads. */
  key: string;
  /** The name in the legend and the tooltip. */
  name: string;
  /** A Mantine colour name, such as 'teal'. */
  color: string;
}

/** One month of a time series: the server's label ("Jun 2026") and a number per series. */
export interface MonthlyDatum {
  label: string;
  values: Readonly<Record<string, number>>;
}

/** One bar of a category chart (a driver, a vehicle). */
export interface CategoryDatum {
  /** Stable identity of the bar. */
  id: string;
  name: string;
  value: number;
  /** A second line in the tooltip: how the value was reached. */
  detail?: string;
}

export interface MonthlyChartProps {
  data: readonly MonthlyDatum[];
  series: readonly ChartSeries[];
  kind: ChartKind;
  /** A value as the tooltip reads it ("1,234.5 L", "₦308,100.00"). */
  formatValue: (value: number) => string;
  /** A value on the axis, short ("1.2K", "₦308K"). */
  formatAxis: (value: number) => string;
  height?: number;
}

export interface CategoryBarChartProps {
  data: readonly CategoryDatum[];
  /** The measure's name in the tooltip ("Volume", "km/L"). */
  valueName: string;
  color: string;
  formatValue: (value: number) => string;
  formatAxis: (value: number) => string;
}
