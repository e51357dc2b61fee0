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
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../components/ui/select.tsx'
import { toast } from '../../components/ui/use-toast.ts'
import { parseApiError } from '../../lib/api.ts'
import { useMergeTag } from './api.ts'
import { talentCountText } from './tag-items.ts'

type MergeTagDialogProps = {
  open: boolean
  /** The tag merged away; kept after closing so the text does not change while closing. */
  tag: Tag | null
  /** Tags it may be merged into (the page passes every tag with an id). */
  targets: readonly Tag[]
  onClose: () => void
}

function MergeTagForm({ tag, targets, onClose }: MergeTagDialogProps & { tag: Tag }) {
  const [targetId, setTargetId] = useState('')
  const mergeTag = useMergeTag()
  const choices = targets.filter((target) => target.id !== tag.id)

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const target = choices.find((choice) => String(choice.id) === targetId)
    if (mergeTag.isPending || target === undefined) return
    mergeTag.mutate(
      { id: tag.id, input: { targetId: target.id } },
      {
        onSuccess: (merged) => {
          toast({
            title: 'Tags merged',
            description: `"${tag.name}" was merged into "${merged.name}", now on ${talentCountText(merged.count).toLowerCase()}.`,
          })
          onClose()
        },
        onError: (error) => {
          toast({
            variant: 'destructive',
            title: 'Error',
            description: parseApiError(error)?.message ?? 'Failed to merge tags. Please try again.',
          })
        },
      },
    )
  }

  return (
    <form className="grid gap-4" onSubmit={handleSubmit} noValidate>
      <DialogHeader>
        <DialogTitle>Merge Tag</DialogTitle>
        <DialogDescription>
          The {talentCountText(tag.count).toLowerCase()} tagged &ldquo;{tag.name}&rdquo; get the tag
          you choose instead (never twice), and &ldquo;{tag.name}&rdquo; is removed.
        </DialogDescription>
      </DialogHeader>
      <Field>
        <FieldLabel htmlFor="merge-tag-target">Merge into</FieldLabel>
        <Select value={targetId} onValueChange={setTargetId}>
          <SelectTrigger id="merge-tag-target" className="w-full">
            <SelectValue placeholder="Choose a tag" />
          </SelectTrigger>
          <SelectContent className="max-h-72">
            {choices.map((choice) => (
              <SelectItem key={choice.id} value={String(choice.id)}>
                {choice.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </Field>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={targetId === '' || mergeTag.isPending}>
          {mergeTag.isPending ? 'Merging...' : 'Merge Tags'}
        </Button>
      </DialogFooter>
    </form>
  )
}

/** Merge a tag into another on the Tags page; admins only. */
export function MergeTagDialog(props: MergeTagDialogProps) {
  const { open, tag, onClose } = props
  return (
    <Dialog open={open && tag !== null} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="sm:max-w-md">
        {tag === null ? null : <MergeTagForm key={tag.id} {...props} tag={tag} />}
      </DialogContent>
    </Dialog>
  )
}
