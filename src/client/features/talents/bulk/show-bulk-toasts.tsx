import type { QueryClient } from '@tanstack/react-query'
import { describeBulk, type BulkAction } from '#shared/bulk.ts'
import { ToastAction } from '../../../components/ui/toast.tsx'
import { toast } from '../../../components/ui/use-toast.ts'
import { parseApiError } from '../../../lib/api.ts'
import { undoBulkAction } from './api.ts'

/** The toast after a bulk action offers Undo for this long. */
export const UNDO_TOAST_MS = 10_000

const talentCount = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'talent' : 'talents'}`

/** Undoes a bulk action and says what came back and which talents kept a later edit. */
export async function undoWithToast(queryClient: QueryClient, bulkId: number): Promise<void> {
  try {
    const { restored, kept } = await undoBulkAction(queryClient, bulkId)
    const names = kept.map((k) => k.fullName).join(', ')
    toast({
      title: 'Bulk action undone',
      description:
        kept.length === 0
          ? `${talentCount(restored)} restored.`
          : `${talentCount(restored)} restored. Edited since, so kept as they are: ${names}.`,
    })
  } catch (error) {
    toast({
      variant: 'destructive',
      title: 'Could not undo',
      description: parseApiError(error)?.message ?? 'Please try again.',
    })
  }
}

/** The toast after a bulk action: what it did, with Undo for UNDO_TOAST_MS. */
export function showBulkDone(
  queryClient: QueryClient,
  done: { bulkId: number; action: BulkAction; names: string[]; affected: number },
): void {
  toast({
    title: describeBulk(done.action, done.names, done.affected),
    description: 'Undo stays available for 24 hours under Recent bulk actions.',
    duration: UNDO_TOAST_MS,
    action: (
      <ToastAction
        altText="Undo the bulk action"
        onClick={() => void undoWithToast(queryClient, done.bulkId)}
      >
        Undo
      </ToastAction>
    ),
  })
}

export function showBulkFailed(error: unknown): void {
  toast({
    variant: 'destructive',
    title: 'Bulk action failed',
    description: parseApiError(error)?.message ?? 'Nothing was changed. Please try again.',
  })
}
