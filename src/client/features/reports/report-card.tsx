import { ChartNoAxesColumn, Table2 } from 'lucide-react'
import { Suspense, useId, useState, type ReactNode } from 'react'
import { Button } from '../../components/ui/button.tsx'
import {
  Card,
  CardAction,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card.tsx'
import { Skeleton } from '../../components/ui/skeleton.tsx'
import { cn } from '../../lib/cn.ts'

type ReportCardProps = {
  title: string
  /** The headline numbers in one sentence, shown under the title. */
  summary: string | undefined
  isLoading: boolean
  /** True when there is nothing to draw; `emptyMessage` says so instead. */
  isEmpty: boolean
  emptyMessage: string
  /** The chart (lazily loaded), announced as one image; assistive technology reads `table`. */
  chart: ReactNode
  /** The same numbers as a table: read by screen readers, shown on request. */
  table: ReactNode
  /** Chart area height class. */
  chartClassName?: string
  className?: string
}

/**
 * One report chart with its states: a skeleton while loading, a message when empty,
 * and a text alternative — a table that screen readers always get and anyone can show.
 */
export function ReportCard({
  title,
  summary,
  isLoading,
  isEmpty,
  emptyMessage,
  chart,
  table,
  chartClassName = 'h-64',
  className,
}: ReportCardProps) {
  const [isTableShown, setIsTableShown] = useState(false)
  const titleId = useId()
  const tableId = useId()
  const hasData = !isLoading && !isEmpty
  return (
    <Card role="region" aria-labelledby={titleId} className={cn('min-w-0 gap-4', className)}>
      <CardHeader>
        <CardTitle id={titleId}>{title}</CardTitle>
        {/* A non-breaking space keeps the header's height while loading or empty. */}
        <CardDescription>{hasData && summary !== undefined ? summary : '\u00a0'}</CardDescription>
        {hasData ? (
          <CardAction>
            <Button
              type="button"
              variant="ghost"
              size="sm"
              aria-expanded={isTableShown}
              aria-controls={tableId}
              onClick={() => setIsTableShown((shown) => !shown)}
            >
              {isTableShown ? (
                <ChartNoAxesColumn aria-hidden="true" />
              ) : (
                <Table2 aria-hidden="true" />
              )}
              {isTableShown ? 'Hide table' : 'Show table'}
            </Button>
          </CardAction>
        ) : null}
      </CardHeader>
      <CardContent className="grid gap-4">
        {isLoading ? (
          <div role="status" className={chartClassName}>
            <span className="sr-only">Loading {title}…</span>
            <Skeleton className="size-full" />
          </div>
        ) : null}
        {!isLoading && isEmpty ? (
          <p className="flex min-h-32 items-center justify-center rounded-lg border border-dashed px-4 text-center text-sm text-muted-foreground">
            {emptyMessage}
          </p>
        ) : null}
        {hasData ? (
          <>
            {/* One image to assistive technology (its SVG parts are presentational); the table
                below carries the numbers. */}
            <div
              role="img"
              aria-label={`${title} chart`}
              className={cn(chartClassName, isTableShown && 'hidden')}
            >
              <Suspense fallback={<Skeleton className="size-full" />}>{chart}</Suspense>
            </div>
            {/* Shown, the wrapper scrolls a wide table and takes focus so keyboards can scroll
                it; hidden, nothing scrolls (axe: scrollable-region-focusable). */}
            <div
              id={tableId}
              role={isTableShown ? 'region' : undefined}
              aria-label={isTableShown ? `${title} table` : undefined}
              tabIndex={isTableShown ? 0 : undefined}
              className={cn(
                '[&_[data-slot=table-container]]:overflow-visible',
                isTableShown
                  ? 'overflow-x-auto rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60'
                  : 'sr-only',
              )}
            >
              {table}
            </div>
          </>
        ) : null}
      </CardContent>
    </Card>
  )
}
