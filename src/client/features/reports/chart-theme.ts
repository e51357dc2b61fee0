import type { CSSProperties, ReactNode } from 'react'
import { formatCount } from './format.ts'

// Recharts styled by the theme's CSS variables (styles.css), so dusk and midnight both apply
// without re-rendering: SVG fills and strokes accept var(--…).

/** Series colours in order; the last is the muted one for "everyone else". */
export const SERIES_COLORS = [
  'var(--chart-1)',
  'var(--chart-2)',
  'var(--chart-3)',
  'var(--chart-4)',
  'var(--chart-5)',
  'var(--chart-6)',
  'var(--chart-7)',
] as const
export const MUTED_SERIES_COLOR = 'var(--chart-8)'

/** The n-th series colour, cycling. */
export function seriesColor(index: number): string {
  return SERIES_COLORS[index % SERIES_COLORS.length] ?? MUTED_SERIES_COLOR
}

export const axisTick = { fill: 'var(--muted-foreground)', fontSize: 12 }
export const axisLine = { stroke: 'var(--border)' }
export const gridStroke = 'var(--border)'

export const tooltipStyle: CSSProperties = {
  background: 'var(--popover)',
  border: '1px solid var(--border)',
  borderRadius: 'calc(var(--radius) - 2px)',
  color: 'var(--popover-foreground)',
  fontSize: 12,
}
export const tooltipLabelStyle: CSSProperties = {
  color: 'var(--popover-foreground)',
  fontWeight: 600,
}
export const tooltipCursor = { fill: 'var(--muted)', fillOpacity: 0.5 }
export const legendStyle: CSSProperties = { color: 'var(--muted-foreground)', fontSize: 12 }

/** A count axis (YAxis, or XAxis of horizontal bars): whole numbers, no line, no ticks. */
export const countAxisProps = {
  type: 'number' as const,
  tickFormatter: formatCount,
  tick: axisTick,
  axisLine: false,
  tickLine: false,
  allowDecimals: false,
}

/** A category or time axis: labels under a baseline, no ticks. */
export const labelAxisProps = { tick: axisTick, axisLine, tickLine: false }

/** Recharts needs its axes as direct children, so charts spread these rather than wrap them. */
export const tooltipProps = {
  contentStyle: tooltipStyle,
  labelStyle: tooltipLabelStyle,
  formatter: (value: unknown): ReactNode =>
    typeof value === 'number' ? formatCount(value) : typeof value === 'string' ? value : null,
}

export const legendProps = {
  wrapperStyle: legendStyle,
  iconType: 'circle' as const,
  iconSize: 8,
  itemSorter: null,
}
