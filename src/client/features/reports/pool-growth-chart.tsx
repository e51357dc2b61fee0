import {
  Area,
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts'
import type { OverviewReport } from '#shared/reports.ts'
import {
  gridStroke,
  seriesColor,
  tooltipCursor,
  countAxisProps,
  labelAxisProps,
  tooltipProps,
  legendProps,
} from './chart-theme.ts'
import { formatMonth } from './format.ts'

/** Rounds up to one significant digit (5,808 → 6,000), so the axis ends on a round number. */
function niceCeiling(value: number): number {
  if (value <= 1) return 1
  const step = 10 ** Math.floor(Math.log10(value))
  return Math.ceil(value / step) * step
}

type PoolGrowthChartProps = { growth: OverviewReport['growth'] }

/** Pool size at the end of each month (area) and the talents added in it (bars, right axis). */
export function PoolGrowthChart({ growth }: PoolGrowthChartProps) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <ComposedChart
        data={growth}
        accessibilityLayer={false}
        margin={{ top: 8, right: 4, left: 0 }}
      >
        <defs>
          <linearGradient id="pool-growth-fill" x1="0" y1="0" x2="0" y2="1">
            <stop offset="0%" stopColor={seriesColor(0)} stopOpacity={0.45} />
            <stop offset="100%" stopColor={seriesColor(0)} stopOpacity={0.02} />
          </linearGradient>
        </defs>
        <CartesianGrid stroke={gridStroke} strokeDasharray="3 3" vertical={false} />
        <XAxis
          dataKey="month"
          tickFormatter={(month: string) => formatMonth(month, 'axis')}
          {...labelAxisProps}
          minTickGap={16}
        />
        <YAxis yAxisId="total" {...countAxisProps} width={56} />
        {/* Headroom keeps the monthly bars in the lower part, under the pool's curve. */}
        <YAxis
          yAxisId="added"
          orientation="right"
          domain={[0, (max: number) => niceCeiling(max * 2)]}
          {...countAxisProps}
          width={44}
        />
        <Tooltip
          {...tooltipProps}
          cursor={tooltipCursor}
          labelFormatter={(month) => (typeof month === 'string' ? formatMonth(month) : month)}
        />
        <Legend {...legendProps} />
        <Bar
          yAxisId="added"
          dataKey="added"
          name="Added that month"
          fill={seriesColor(1)}
          fillOpacity={0.45}
          radius={[3, 3, 0, 0]}
          maxBarSize={18}
        />
        <Area
          yAxisId="total"
          type="monotone"
          dataKey="total"
          name="Talents in the pool"
          stroke={seriesColor(0)}
          strokeWidth={2}
          fill="url(#pool-growth-fill)"
        />
      </ComposedChart>
    </ResponsiveContainer>
  )
}
