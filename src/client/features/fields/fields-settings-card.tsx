import { useQuery } from '@tanstack/react-query'
import { ListPlus, Pencil, Plus, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { FIELD_TYPE_LABELS, MAX_CUSTOM_FIELDS, type FieldDefinition } from '#shared/fields.ts'
import { Badge } from '../../components/ui/badge.tsx'
import { Button } from '../../components/ui/button.tsx'
import {
  Card,
  CardAction,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card.tsx'
import { ConfirmDeleteDialog } from '../../components/ui/confirm-delete-dialog.tsx'
import { LoadError } from '../../components/ui/load-error.tsx'
import { Skeleton } from '../../components/ui/skeleton.tsx'
import { ToastAction } from '../../components/ui/toast.tsx'
import { toast } from '../../components/ui/use-toast.ts'
import { parseApiError } from '../../lib/api.ts'
import { fetchTypeChangePreview, fieldsOptions, useDeleteField } from './api.ts'
import { FieldDialog } from './field-dialog.tsx'
import { RecentlyDeletedFields, useUndoFieldWithToast } from './recently-deleted-fields.tsx'

type Deleting = { field: FieldDefinition; holders: number | undefined }

/** Settings → Fields (admins): the custom fields in their order, added, edited and deleted. */
export function FieldsSettingsCard() {
  const query = useQuery(fieldsOptions())
  const [editing, setEditing] = useState<FieldDefinition | null | undefined>(undefined)
  const [deleting, setDeleting] = useState<Deleting>()
  const remove = useDeleteField()
  const undo = useUndoFieldWithToast()
  const fields = query.data ?? []

  async function askDelete(field: FieldDefinition) {
    setDeleting({ field, holders: undefined })
    try {
      const preview = await fetchTypeChangePreview(field.id, field.type)
      setDeleting((d) => (d?.field.id === field.id ? { field, holders: preview.withValue } : d))
    } catch {
      // The count is a courtesy: the dialog still says the values go.
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ListPlus className="size-4 text-primary" aria-hidden="true" />
          Fields
        </CardTitle>
        <CardDescription>
          Fields of your own on every talent, shown on the talent form and profile in this order.
        </CardDescription>
        <CardAction>
          <Button
            type="button"
            variant="outline"
            onClick={() => setEditing(null)}
            disabled={fields.length >= MAX_CUSTOM_FIELDS}
          >
            <Plus aria-hidden="true" />
            Add field
          </Button>
        </CardAction>
      </CardHeader>
      <CardContent>
        {query.isPending ? <Skeleton className="h-24 w-full" /> : null}
        {query.isError ? (
          <LoadError
            title="Could not load the fields."
            onRetry={() => void query.refetch()}
            isRetrying={query.isFetching}
          />
        ) : null}
        {query.isSuccess && fields.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No fields yet. Add one to keep more about each talent: languages, notice period…
          </p>
        ) : null}
        {fields.length > 0 ? (
          <ul className="divide-y rounded-md border" aria-label="Custom fields">
            {fields.map((field) => (
              <li key={field.id} className="flex flex-wrap items-center gap-2 px-3 py-2">
                <div className="grid min-w-0 flex-1 gap-0.5">
                  <span className="font-medium break-words">{field.label}</span>
                  <span className="text-xs text-muted-foreground">
                    {FIELD_TYPE_LABELS[field.type]}
                    {field.unit ? ` (${field.unit})` : ''} · {field.key}
                  </span>
                </div>
                {field.required ? <Badge variant="secondary">Required</Badge> : null}
                {field.private ? <Badge variant="secondary">Private</Badge> : null}
                {field.personalData ? <Badge variant="secondary">Personal data</Badge> : null}
                {field.onCards ? <Badge variant="secondary">On cards</Badge> : null}
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  onClick={() => setEditing(field)}
                  aria-label={`Edit ${field.label}`}
                >
                  <Pencil aria-hidden="true" />
                </Button>
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  onClick={() => void askDelete(field)}
                  aria-label={`Delete ${field.label}`}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
        <RecentlyDeletedFields />
      </CardContent>
      <FieldDialog
        open={editing !== undefined}
        field={editing ?? null}
        onClose={() => setEditing(undefined)}
      />
      <ConfirmDeleteDialog
        open={deleting !== undefined}
        title={`Delete ${deleting?.field.label ?? 'field'}?`}
        description={
          deleting?.holders === undefined
            ? 'Every talent’s value of this field is removed with it.'
            : `${deleting.holders} talent${deleting.holders === 1 ? ' holds' : 's hold'} a value; ${deleting.holders === 1 ? 'it is' : 'they are'} removed with the field. Undo brings them back for 24 hours.`
        }
        isPending={remove.isPending}
        onClose={() => setDeleting(undefined)}
        onConfirm={() => {
          if (!deleting) return
          remove.mutate(deleting.field.id, {
            onSuccess: (answer) => {
              toast({
                title: `${deleting.field.label} deleted`,
                description: `${answer.removedValues} value${answer.removedValues === 1 ? '' : 's'} removed. Undo stays available for 24 hours under Recently deleted.`,
                duration: 10_000,
                action: (
                  <ToastAction
                    altText="Undo deleting the field"
                    onClick={() => undo.run(answer.undoId)}
                  >
                    Undo
                  </ToastAction>
                ),
              })
              setDeleting(undefined)
            },
            onError: (error) =>
              toast({
                variant: 'destructive',
                title: 'Failed to delete field',
                description: parseApiError(error)?.message,
              }),
          })
        }}
      />
    </Card>
  )
}
