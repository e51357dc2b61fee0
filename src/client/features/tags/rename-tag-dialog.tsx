import { useState, type FormEvent } from 'react'
import type { Tag } from '#shared/tag.ts'
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
import { checkTagName, toastTagSaveError } from '../../components/tags/tag-name-feedback.ts'
import { useRenameTag } from './api.ts'
import { talentCountText } from './tag-items.ts'

type RenameTagDialogProps = {
  open: boolean
  /** Kept after closing, so the text does not change while the dialog animates out. */
  tag: Tag | null
  /** Every tag name shown, for the same duplicate check as a new tag (spec section 5). */
  existingNames: readonly string[]
  onClose: () => void
}

function RenameTagForm({ tag, existingNames, onClose }: RenameTagDialogProps & { tag: Tag }) {
  const [name, setName] = useState(tag.name)
  const renameTag = useRenameTag()

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (renameTag.isPending) return
    if (name.trim() === tag.name) {
      onClose()
      return
    }
    // The tag's own name is no duplicate: changing only its case is a rename.
    const others = existingNames.filter((existing) => existing !== tag.name)
    const checked = checkTagName(name, others)
    if (checked === undefined) return
    renameTag.mutate(
      { id: tag.id, input: checked },
      {
        onSuccess: (renamed) => {
          toast({
            title: 'Tag renamed',
            description: `"${tag.name}" is now "${renamed.name}" on ${talentCountText(renamed.count).toLowerCase()}.`,
          })
          onClose()
        },
        onError: (error) => toastTagSaveError(error, 'Failed to rename tag. Please try again.'),
      },
    )
  }

  return (
    <form className="grid gap-4" onSubmit={handleSubmit} noValidate>
      <DialogHeader>
        <DialogTitle>Edit Tag</DialogTitle>
        <DialogDescription>
          Renaming changes it everywhere it is used: {talentCountText(tag.count).toLowerCase()}{' '}
          {tag.count === 1 ? 'carries' : 'carry'} &ldquo;{tag.name}&rdquo;.
        </DialogDescription>
      </DialogHeader>
      <Field>
        <FieldLabel htmlFor="rename-tag-name">Tag Name</FieldLabel>
        <Input
          id="rename-tag-name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          autoComplete="off"
          maxLength={100}
        />
      </Field>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={name.trim() === '' || renameTag.isPending}>
          {renameTag.isPending ? 'Saving...' : 'Save Tag'}
        </Button>
      </DialogFooter>
    </form>
  )
}

/** Edit (rename) a tag on the Tags page; admins only. */
export function RenameTagDialog(props: RenameTagDialogProps) {
  const { open, tag, onClose } = props
  return (
    <Dialog open={open && tag !== null} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="sm:max-w-md">
        {tag === null ? null : <RenameTagForm key={tag.id} {...props} tag={tag} />}
      </DialogContent>
    </Dialog>
  )
}
