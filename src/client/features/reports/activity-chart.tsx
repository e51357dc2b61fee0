import {
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts'
import type { EngagementReport } from '#shared/reports.ts'
import {
  gridStroke,
  countAxisProps,
  labelAxisProps,
  tooltipProps,
  legendProps,
} from './chart-theme.ts'
import { formatWeek } from './format.ts'

type ActivityChartProps = { activity: EngagementReport['activity'] }

const LINES = [
  { key: 'created', name: 'Added', color: 'var(--chart-5)' },
  { key: 'updated', name: 'Edited', color: 'var(--chart-1)' },
  { key: 'deleted', name: 'Deleted', color: 'var(--chart-4)' },
] as const

/** Talent adds, edits and deletes per week, from the activity log (Engagement). */
export function ActivityChart({ activity }: ActivityChartProps) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart data={activity} accessibilityLayer={false} margin={{ top: 8, right: 12, left: 0 }}>
        <CartesianGrid stroke={gridStroke} strokeDasharray="3 3" vertical={false} />
        <XAxis
          dataKey="week"
          tickFormatter={(week: string) => formatWeek(week, 'axis')}
          {...labelAxisProps}
          minTickGap={16}
        />
        <YAxis {...countAxisProps} width={48} />
        <Tooltip
          {...tooltipProps}
          cursor={{ stroke: 'var(--border)' }}
          itemSorter={(item) => LINES.findIndex((line) => line.key === item.dataKey)}
          labelFormatter={(week) => (typeof week === 'string' ? formatWeek(week) : week)}
        />
        <Legend {...legendProps} />
        {LINES.map((line) => (
          <Line
            key={line.key}
            type="monotone"
            dataKey={line.key}
            name={line.name}
            stroke={line.color}
            strokeWidth={2}
            dot={false}
            activeDot={{ r: 4 }}
          />
        ))}
      </LineChart>
    </ResponsiveContainer>
  )
}
