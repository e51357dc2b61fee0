import { RefreshCw, TriangleAlert } from 'lucide-react'
import { Button } from './button.tsx'

type LoadErrorProps = {
  title: string
  onRetry: () => void
  isRetrying: boolean
}

/** A failed load is an error with a retry, never an empty list (STYLE: patterns we avoid). */
export function LoadError({ title, onRetry, isRetrying }: LoadErrorProps) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-xl border border-destructive/40 bg-destructive/10 px-6 py-10 text-center"
    >
      <TriangleAlert className="size-8 text-destructive" aria-hidden="true" />
      <p className="font-medium">{title}</p>
      <p className="max-w-md text-sm text-muted-foreground">Check your connection and try again.</p>
      <Button type="button" variant="outline" onClick={onRetry} disabled={isRetrying}>
        <RefreshCw className={isRetrying ? 'animate-spin' : undefined} aria-hidden="true" />
        {isRetrying ? 'Retrying...' : 'Retry'}
      </Button>
    </div>
  )
}
