import {
  defaultRangeExtractor,
  useWindowVirtualizer,
  windowScroll,
  type Virtualizer,
} from '@tanstack/react-virtual'
import { useEffect, useState, type FocusEvent } from 'react'
import { windowSlices, withIndex } from './window-slices.ts'

type WindowedRowsOptions = {
  count: number
  /** A typical row's height in px, until it is measured. */
  estimateSize: number
  /** The layout's space between rows, in px. */
  gap: number
  /** Rows rendered beyond each edge of the window. */
  overscan: number
}

/**
 * Where `element` starts, in px from the top of the document, kept current as the content above
 * it changes (the stat cards load, the window resizes). Read when a ResizeObserver reports, after
 * layout, so it never forces one (the observer reports once as soon as it starts observing).
 * Unchanged while the element is hidden.
 */
function useDocumentTop(element: HTMLElement | null): number {
  const [top, setTop] = useState(0)
  // Subscribes to an external system (layout), which is what effects are for.
  useEffect(() => {
    if (element === null) return
    const observer = new ResizeObserver(() => {
      if (element.getClientRects().length === 0) return
      setTop(element.getBoundingClientRect().top + window.scrollY)
    })
    observer.observe(document.body)
    return () => observer.disconnect()
  }, [element])
  return top
}

/**
 * A row's height, as the ResizeObserver reports it after layout. Called without an entry (a row
 * just rendered, inside React's commit), it answers from the cache or the estimate rather than
 * force a layout there; the observer's first report follows in the same frame. Under the detail
 * view the list is display:none and every row reports 0: keep what was measured before, so the
 * list keeps its height and Back restores the scroll position.
 */
function measureRow(
  element: Element,
  entry: ResizeObserverEntry | undefined,
  instance: Virtualizer<Window, Element>,
): number {
  const size = entry?.borderBoxSize[0]?.blockSize ?? 0
  if (size > 0) return size
  const index = instance.indexFromElement(element)
  return (
    instance.itemSizeCache.get(instance.options.getItemKey(index)) ??
    instance.options.estimateSize(index)
  )
}

// The virtualizer's own window helpers read and write the window's scroll offset and
// size when the list mounts, inside React's commit, where each forced the new page's whole layout
// (a slowed phone's longest tasks of a cold /dashboard). These two avoid that.

/** Scrolls the window as the virtualizer asks, except to where it already is (last observed). */
const scrollWindow: typeof windowScroll = (offset, options, instance) => {
  if (offset + (options.adjustments ?? 0) === instance.scrollOffset) return
  windowScroll(offset, options, instance)
}

/** Reports the window's size on each resize; its size at mount is `initialRect`, read in render. */
function observeWindowResize(
  _instance: Virtualizer<Window, Element>,
  onChange: (rect: { width: number; height: number }) => void,
): () => void {
  const report = () => onChange({ width: window.innerWidth, height: window.innerHeight })
  window.addEventListener('resize', report, { passive: true })
  return () => window.removeEventListener('resize', report)
}

/**
 * Windowing for a list scrolled with the page, so scrolling 1,000 talents has no long tasks
 * (docs/decisions/007-windowed-lists.md): only the rows in and near the window are rendered. Give
 * `setListElement` as the list element's ref, `measureElement` and data-index={row} to one element per row whose
 * height is the row's, and the focus handlers to the list, so a row holding keyboard focus stays
 * rendered when it scrolls away.
 */
export function useWindowedRows({ count, estimateSize, gap, overscan }: WindowedRowsOptions) {
  const [list, setList] = useState<HTMLElement | null>(null)
  const scrollMargin = useDocumentTop(list)
  const [focusedRow, setFocusedRow] = useState<number | undefined>(undefined)
  const [initialRect] = useState(() => ({ width: window.innerWidth, height: window.innerHeight }))
  const virtualizer = useWindowVirtualizer<Element>({
    count,
    estimateSize: () => estimateSize,
    gap,
    overscan,
    scrollMargin,
    measureElement: measureRow,
    rangeExtractor: (range) => withIndex(defaultRangeExtractor(range), focusedRow, count),
    // Rows that scroll in render in a task of their own, so no frame is a long task (decision 007).
    useFlushSync: false,
    scrollToFn: scrollWindow,
    observeElementRect: observeWindowResize,
    initialRect,
  })

  function handleFocus(event: FocusEvent<HTMLElement>) {
    const row = event.target.closest('[data-index]')
    const index = Number(row?.getAttribute('data-index') ?? NaN)
    setFocusedRow(Number.isInteger(index) ? index : undefined)
  }

  function handleBlur(event: FocusEvent<HTMLElement>) {
    const next = event.relatedTarget
    if (!(next instanceof Node) || !event.currentTarget.contains(next)) setFocusedRow(undefined)
  }

  return {
    setListElement: setList,
    measureElement: virtualizer.measureElement,
    slices: windowSlices(
      virtualizer.getVirtualItems(),
      virtualizer.getTotalSize(),
      scrollMargin,
      gap,
    ),
    onFocus: handleFocus,
    onBlur: handleBlur,
  }
}
