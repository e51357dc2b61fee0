import { LoaderCircle } from 'lucide-react'
import type { ComponentProps } from 'react'
import { cn } from '../../lib/cn.ts'

type SpinnerProps = ComponentProps<'svg'> & {
  /** Accessible name announced to screen readers. */
  label?: string
  /** Hide it from assistive technology when nearby text already says what is happening. */
  decorative?: boolean
}

export function Spinner({
  className,
  label = 'Loading',
  decorative = false,
  ...props
}: SpinnerProps) {
  const a11y = decorative ? { 'aria-hidden': true } : { role: 'status', 'aria-label': label }
  return <LoaderCircle {...a11y} className={cn('size-4 animate-spin', className)} {...props} />
}
