import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import {
  axisLine,
  axisTick,
  gridStroke,
  seriesColor,
  tooltipCursor,
  tooltipLabelStyle,
  tooltipStyle,
} from './chart-theme.ts'
import { formatCount } from './format.ts'

type CategoryChartProps = {
  data: { label: string; count: number }[]
  /** 'bars': horizontal bars, for long labels; 'columns': vertical ones. */
  orientation: 'bars' | 'columns'
  colorIndex: number
  /** What a count is, in the tooltip ('Talents', 'Uses'). */
  valueName: string
  /** Room for the category labels of horizontal bars, in px. */
  labelWidth?: number
}

/** Counts per category (area, level, status, tag) as one bar each. */
export function CategoryChart({
  data,
  orientation,
  colorIndex,
  valueName,
  labelWidth = 150,
}: CategoryChartProps) {
  const isBars = orientation === 'bars'
  const valueAxis = {
    type: 'number' as const,
    tickFormatter: formatCount,
    tick: axisTick,
    axisLine: false,
    tickLine: false,
    allowDecimals: false,
  }
  const categoryAxis = {
    type: 'category' as const,
    dataKey: 'label',
    tick: axisTick,
    axisLine,
    tickLine: false,
    interval: 0,
  }
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart
        data={data}
        layout={isBars ? 'vertical' : 'horizontal'}
        accessibilityLayer={false}
        margin={{ top: 4, right: 12, left: 0, bottom: 0 }}
      >
        <CartesianGrid
          stroke={gridStroke}
          strokeDasharray="3 3"
          horizontal={!isBars}
          vertical={isBars}
        />
        {isBars ? (
          <>
            <XAxis {...valueAxis} />
            <YAxis {...categoryAxis} width={labelWidth} />
          </>
        ) : (
          <>
            <XAxis {...categoryAxis} />
            <YAxis {...valueAxis} width={48} />
          </>
        )}
        <Tooltip
          contentStyle={tooltipStyle}
          labelStyle={tooltipLabelStyle}
          cursor={tooltipCursor}
          formatter={(value) => (typeof value === 'number' ? formatCount(value) : value)}
        />
        <Bar
          dataKey="count"
          name={valueName}
          fill={seriesColor(colorIndex)}
          radius={isBars ? [0, 4, 4, 0] : [4, 4, 0, 0]}
          maxBarSize={isBars ? 22 : 48}
        />
      </BarChart>
    </ResponsiveContainer>
  )
}
