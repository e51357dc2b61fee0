import { useQuery } from '@tanstack/react-query'
import { Undo2 } from 'lucide-react'
import { Button } from '../../components/ui/button.tsx'
import { toast } from '../../components/ui/use-toast.ts'
import { parseApiError } from '../../lib/api.ts'
import { deletedFieldsOptions, useUndoFieldDelete } from './api.ts'

const values = (n: number) => `${n.toLocaleString('en-US')} value${n === 1 ? '' : 's'}`

/** Brings a deleted field back with its values, and says how many came back. */
export function useUndoFieldWithToast() {
  const undo = useUndoFieldDelete()
  return {
    isPending: undo.isPending,
    run: (undoId: number) =>
      undo.mutate(undoId, {
        onSuccess: (answer) =>
          toast({
            title: `${answer.field.label} restored`,
            description: `${values(answer.restoredValues)} brought back.`,
          }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Could not undo',
            description: parseApiError(error)?.message ?? 'Please try again.',
          }),
      }),
  }
}

/** Settings → Fields: the fields deleted in the last 24 hours, each with Undo. */
export function RecentlyDeletedFields() {
  const query = useQuery(deletedFieldsOptions())
  const undo = useUndoFieldWithToast()
  const deleted = query.data ?? []
  if (deleted.length === 0) return null
  return (
    <section className="mt-4 grid gap-2" aria-label="Recently deleted fields">
      <h3 className="text-sm font-medium">Recently deleted</h3>
      <ul className="divide-y rounded-md border">
        {deleted.map((item) => (
          <li key={item.undoId} className="flex flex-wrap items-center gap-2 px-3 py-2 text-sm">
            <span className="min-w-0 flex-1 break-words">
              {item.label} · {values(item.removedValues)} removed
            </span>
            <Button
              type="button"
              variant="outline"
              size="sm"
              disabled={undo.isPending}
              onClick={() => undo.run(item.undoId)}
              aria-label={`Undo deleting ${item.label}`}
            >
              <Undo2 aria-hidden="true" />
              Undo
            </Button>
          </li>
        ))}
      </ul>
    </section>
  )
}
