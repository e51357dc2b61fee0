import { useState, type FormEvent } from 'react'
import { TAG_EXISTS_MESSAGE, createTagSchema, isDuplicateTag } from '#shared/tag.ts'
import { Button } from '../../components/ui/button.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog.tsx'
import { Field, FieldLabel } from '../../components/ui/field.tsx'
import { Input } from '../../components/ui/input.tsx'
import { toast } from '../../components/ui/use-toast.ts'
import { parseApiError } from '../../lib/api.ts'
import { useCreateTag } from './form-api.ts'

type CreateTagDialogProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** Every default and custom tag name loaded, for the case-insensitive duplicate check. */
  existingNames: readonly string[]
  onCreated: (name: string) => void
}

function toastTagExists() {
  toast({ variant: 'destructive', title: 'Tag already exists', description: TAG_EXISTS_MESSAGE })
}

/** 'Create New Tag' (spec sections 2, 4 and 5): validated here, refused duplicates by the server too. */
export function CreateTagDialog({
  open,
  onOpenChange,
  existingNames,
  onCreated,
}: CreateTagDialogProps) {
  const [name, setName] = useState('')
  const createTag = useCreateTag()

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    // The dialog is portalled out of the talent form in the DOM but not in React: keep this
    // submit from reaching the talent form's handler.
    event.stopPropagation()
    if (createTag.isPending) return
    const parsed = createTagSchema.safeParse({ name })
    if (!parsed.success) {
      toast({
        variant: 'destructive',
        title: 'Invalid tag name',
        description:
          parsed.error.issues[0]?.message ?? 'Tag name must be at least 2 characters long',
      })
      return
    }
    if (isDuplicateTag(parsed.data.name, existingNames)) {
      toastTagExists()
      return
    }
    createTag.mutate(parsed.data, {
      onSuccess: (created) => {
        onCreated(created.name)
        setName('')
        onOpenChange(false)
      },
      onError: (error) => {
        const apiError = parseApiError(error)
        if (apiError?.status === 409) {
          toastTagExists()
          return
        }
        if (apiError?.status === 400) {
          toast({
            variant: 'destructive',
            title: 'Invalid tag name',
            description: apiError.fieldErrors.name?.[0] ?? apiError.message,
          })
          return
        }
        toast({
          variant: 'destructive',
          title: 'Error',
          description: 'Failed to create tag. Please try again.',
        })
      },
    })
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <form className="grid gap-4" onSubmit={handleSubmit} noValidate>
          <DialogHeader>
            <DialogTitle>Create New Tag</DialogTitle>
            <DialogDescription>
              Add a theme tag. It is added to this talent and can be used for others.
            </DialogDescription>
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
