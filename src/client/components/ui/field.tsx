import type { ComponentProps } from 'react'
import { cn } from '../../lib/cn.ts'
import { Label } from './label.tsx'

// Layout pieces for one form field: label, control, hint and error (shadcn's Field).

export function Field({ className, ...props }: ComponentProps<'div'>) {
  return <div data-slot="field" className={cn('group/field grid gap-2', className)} {...props} />
}

export function FieldLabel({ className, ...props }: ComponentProps<typeof Label>) {
  return (
    <Label
      data-slot="field-label"
      className={cn('text-foreground group-data-[invalid=true]/field:text-destructive', className)}
      {...props}
    />
  )
}

export function FieldDescription({ className, ...props }: ComponentProps<'p'>) {
  return (
    <p
      data-slot="field-description"
      className={cn('text-sm text-muted-foreground', className)}
      {...props}
    />
  )
}

type FieldErrorProps = ComponentProps<'p'> & {
  /** Messages to show; nothing is rendered when there are none. */
  errors?: (string | undefined)[]
}

export function FieldError({ className, errors = [], children, ...props }: FieldErrorProps) {
  const messages = [...new Set(errors.filter((message) => message !== undefined))]
  if (children === undefined && messages.length === 0) return null
  return (
    <p
      data-slot="field-error"
      className={cn('text-sm font-medium text-destructive', className)}
      {...props}
    >
      {children ?? messages.join(' ')}
    </p>
  )
}
