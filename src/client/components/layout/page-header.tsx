import type { ReactNode } from 'react'

type PageHeaderProps = {
  title: string
  description?: ReactNode
  actions?: ReactNode
}

/** The heading block every signed-in page starts with: one h1, an optional line and actions. */
export function PageHeader({ title, description, actions }: PageHeaderProps) {
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{title}</h1>
        {description === undefined ? null : (
          <p className="text-sm text-muted-foreground sm:text-base">{description}</p>
        )}
      </div>
      {actions === undefined ? null : (
        // Wraps on a phone: a page may offer several actions (the dashboard has four).
        <div className="flex flex-wrap items-center gap-2">{actions}</div>
      )}
    </div>
  )
}
