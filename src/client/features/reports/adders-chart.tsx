import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts'
import type { SourcesReport } from '#shared/reports.ts'
import {
  gridStroke,
  MUTED_SERIES_COLOR,
  seriesColor,
  tooltipCursor,
  countAxisProps,
  labelAxisProps,
  tooltipProps,
  legendProps,
} from './chart-theme.ts'
import { adderLabel, formatMonth } from './format.ts'

type AddersChartProps = Pick<SourcesReport, 'months' | 'adders'>

/** Talents added per month, one stacked colour per top adder (Sources). */
export function AddersChart({ months, adders }: AddersChartProps) {
  // One row per month with a column per series: the shape stacked bars read.
  const data = months.map((month, index) => ({
    month,
    ...Object.fromEntries(adders.map((series, key) => [`s${key}`, series.perMonth[index] ?? 0])),
  }))
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={data} accessibilityLayer={false} margin={{ top: 8, right: 4, left: 0 }}>
        <CartesianGrid stroke={gridStroke} strokeDasharray="3 3" vertical={false} />
        <XAxis
          dataKey="month"
          tickFormatter={(month: string) => formatMonth(month, 'axis')}
          {...labelAxisProps}
          minTickGap={8}
        />
        <YAxis {...countAxisProps} width={48} />
        <Tooltip
          {...tooltipProps}
          cursor={tooltipCursor}
          itemSorter="dataKey"
          labelFormatter={(month) => (typeof month === 'string' ? formatMonth(month) : month)}
        />
        <Legend {...legendProps} />
        {adders.map((series, key) => (
          <Bar
            key={`s${key}`}
            dataKey={`s${key}`}
            name={adderLabel(series)}
            stackId="adders"
            fill={series.kind === 'user' ? seriesColor(key) : MUTED_SERIES_COLOR}
            fillOpacity={series.kind === 'none' ? 0.55 : 1}
            maxBarSize={40}
          />
        ))}
      </BarChart>
    </ResponsiveContainer>
  )
}
