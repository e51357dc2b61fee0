import { useState, type FormEvent } from 'react'
import { Button } from '../ui/button.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../ui/dialog.tsx'
import { Field, FieldLabel } from '../ui/field.tsx'
import { Input } from '../ui/input.tsx'
import { useCreateTag } from '../../lib/queries/tag-list.ts'
import { checkTagName, toastTagSaveError } from './tag-name-feedback.ts'

type CreateTagDialogProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** Every default and custom tag name loaded, for the case-insensitive duplicate check. */
  existingNames: readonly string[]
  onCreated: (name: string) => void
  /** What the new tag is for, under the title; the talent form's wording by default. */
  description?: string
}

/** 'Create New Tag' (spec sections 2, 4 and 5): validated here, refused duplicates by the server too. */
export function CreateTagDialog({
  open,
  onOpenChange,
  existingNames,
  onCreated,
  description = 'Add a theme tag. It is added to this talent and can be used for others.',
}: CreateTagDialogProps) {
  const [name, setName] = useState('')
  const createTag = useCreateTag()

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    // The dialog is portalled out of the talent form in the DOM but not in React: keep this
    // submit from reaching the talent form's handler.
    event.stopPropagation()
    if (createTag.isPending) return
    const checked = checkTagName(name, existingNames)
    if (checked === undefined) return
    createTag.mutate(checked, {
      onSuccess: (created) => {
        onCreated(created.name)
        setName('')
        onOpenChange(false)
      },
      onError: (error) => toastTagSaveError(error, 'Failed to create tag. Please try again.'),
    })
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <form className="grid gap-4" onSubmit={handleSubmit} noValidate>
          <DialogHeader>
            <DialogTitle>Create New Tag</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          <Field>
            <FieldLabel htmlFor="new-tag-name">Tag Name</FieldLabel>
            <Input
              id="new-tag-name"
              value={name}
              onChange={(event) => setName(event.target.value)}
              placeholder="e.g. Remote Friendly"
              autoComplete="off"
              maxLength={100}
            />
          </Field>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={name.trim() === '' || createTag.isPending}>
              {createTag.isPending ? 'Creating...' : 'Create Tag'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
