import { RefreshCw } from 'lucide-react'
import { Button } from '../../components/ui/button.tsx'
import { Spinner } from '../../components/ui/spinner.tsx'
import { toast } from '../../components/ui/use-toast.ts'
import { parseApiError } from '../../lib/api.ts'
import { formatWhen } from '../../lib/date-time.ts'
import { useScanDuplicates } from './api.ts'

type ScanStatusProps = {
  /** When the shown result's scan began; null before the first scan. */
  scannedAt: string | null
  /** A newer scan is queued or running in the background. */
  isScanning: boolean
  /** When the result was fetched: "5 min ago" counts from it (rendering stays pure). */
  now: number
}

/**
 * "Last scanned 5 min ago" and 'Scan again' (the scan runs in the background; the page polls
 * until it is done, then shows its groups).
 */
export function ScanStatus({ scannedAt, isScanning, now }: ScanStatusProps) {
  const scan = useScanDuplicates()
  const isRunning = isScanning || scan.isPending

  function handleScan() {
    scan.mutate(undefined, {
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Could not start a scan',
          description: parseApiError(error)?.message ?? 'Please try again.',
        }),
    })
  }

  return (
    <div className="flex flex-wrap items-center gap-3">
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {isRunning ? (
          <span className="inline-flex items-center gap-2">
            <Spinner decorative />
            Scanning the pool for duplicates…
          </span>
        ) : null}
        {isRunning && scannedAt ? ' ' : null}
        {scannedAt ? `Last scanned ${formatWhen(scannedAt, now)}` : null}
        {!isRunning && !scannedAt ? 'Not scanned yet' : null}
      </p>
      <Button type="button" variant="outline" size="sm" onClick={handleScan} disabled={isRunning}>
        <RefreshCw aria-hidden="true" />
        {isRunning ? 'Scanning…' : 'Scan again'}
      </Button>
    </div>
  )
}
