import { useState, type FormEvent } from 'react'
import { SAVED_VIEW_NAME_MAX_LENGTH } from '#shared/saved-view.ts'
import { Button } from '../../../components/ui/button.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx'
import { Field, FieldLabel } from '../../../components/ui/field.tsx'
import { Input } from '../../../components/ui/input.tsx'
import { Switch } from '../../../components/ui/switch.tsx'
import { parseApiError } from '../../../lib/api.ts'
import { getErrorMessage } from '../../../lib/get-error-message.ts'

export type SaveViewValues = { name: string; isShared: boolean }

type SaveViewDialogProps = {
  open: boolean
  title: string
  description: string
  submitLabel: string
  initial: SaveViewValues
  isPending: boolean
  /** Resolves when saved (the dialog closes); rejects with the server's error to show. */
  onSave: (values: SaveViewValues) => Promise<unknown>
  onClose: () => void
}

type SaveViewFormProps = Omit<SaveViewDialogProps, 'open' | 'title' | 'description'>

function SaveViewForm({ submitLabel, initial, isPending, onSave, onClose }: SaveViewFormProps) {
  const [name, setName] = useState(initial.name)
  const [isShared, setIsShared] = useState(initial.isShared)
  const [error, setError] = useState<string | undefined>(undefined)

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (isPending) return
    if (name.trim() === '') {
      setError('Name is required')
      return
    }
    onSave({ name: name.trim(), isShared }).then(onClose, (failure: unknown) => {
      const parsed = parseApiError(failure)
      setError(parsed?.fieldErrors.name?.[0] ?? parsed?.message ?? getErrorMessage(failure))
    })
  }

  return (
    <form className="grid gap-4" onSubmit={handleSubmit} noValidate>
      <Field>
        <FieldLabel htmlFor="saved-view-name">Name</FieldLabel>
        <Input
          id="saved-view-name"
          value={name}
          onChange={(event) => {
            setName(event.target.value)
            setError(undefined)
          }}
          maxLength={SAVED_VIEW_NAME_MAX_LENGTH}
          autoComplete="off"
          aria-invalid={error !== undefined}
          aria-describedby={error === undefined ? undefined : 'saved-view-name-error'}
        />
        {error === undefined ? null : (
          <p id="saved-view-name-error" role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
      </Field>
      <div className="flex items-center justify-between gap-4">
        <label htmlFor="saved-view-shared" className="grid gap-0.5 text-sm">
          <span className="font-medium">Share with everyone</span>
          <span className="text-muted-foreground">
            Everyone sees it in their sidebar; only you (and admins) can change it.
          </span>
        </label>
        <Switch id="saved-view-shared" checked={isShared} onCheckedChange={setIsShared} />
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={isPending}>
          {isPending ? 'Saving...' : submitLabel}
        </Button>
      </DialogFooter>
    </form>
  )
}

/** Save the dashboard's state as a view, or rename and (un)share one. */
export function SaveViewDialog({ open, title, description, ...form }: SaveViewDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && form.onClose()}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {open ? <SaveViewForm {...form} /> : null}
      </DialogContent>
    </Dialog>
  )
}
