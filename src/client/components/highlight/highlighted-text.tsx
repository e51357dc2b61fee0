import { highlightSegments } from './highlight-segments.ts'

type HighlightedTextProps = {
  text: string
  /** [start, end) offsets of the hits in `text`. */
  ranges: readonly (readonly [number, number])[]
}

/**
 * Text with its search hits in <mark>. Built as React text nodes from the ranges, so
 * whatever the text holds is shown as text, never parsed as HTML.
 */
export function HighlightedText({ text, ranges }: HighlightedTextProps) {
  return highlightSegments(text, ranges).map((segment, index) =>
    segment.isHit ? (
      <mark key={index} className="rounded-sm bg-primary/30 text-foreground">
        {segment.text}
      </mark>
    ) : (
      <span key={index}>{segment.text}</span>
    ),
  )
}
