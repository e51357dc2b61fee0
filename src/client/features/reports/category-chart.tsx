import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import {
  gridStroke,
  seriesColor,
  tooltipCursor,
  countAxisProps,
  labelAxisProps,
  tooltipProps,
} from './chart-theme.ts'

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
  const categoryAxis = {
    ...labelAxisProps,
    type: 'category' as const,
    dataKey: 'label',
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
            <XAxis {...countAxisProps} />
            <YAxis {...categoryAxis} width={labelWidth} />
          </>
        ) : (
          <>
            <XAxis {...categoryAxis} />
            <YAxis {...countAxisProps} width={48} />
          </>
        )}
        <Tooltip {...tooltipProps} cursor={tooltipCursor} />
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
