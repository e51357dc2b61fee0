import type { Tag } from '#shared/tag.ts'
import { ConfirmDeleteDialog } from '../../components/ui/confirm-delete-dialog.tsx'
import { toast } from '../../components/ui/use-toast.ts'
import { parseApiError } from '../../lib/api.ts'
import { useDeleteTag } from './api.ts'
import { talentCountText } from './tag-items.ts'

type DeleteTagDialogProps = {
  open: boolean
  /** Kept after closing, so the text does not change while the dialog animates out. */
  tag: Tag | null
  onClose: () => void
}

function consequence(tag: Tag): string {
  if (tag.count === 0) return 'No talent carries it.'
  return `${talentCountText(tag.count)} will lose it.`
}

/** Delete a tag on the Tags page: says how many talents lose it; admins only. */
export function DeleteTagDialog({ open, tag, onClose }: DeleteTagDialogProps) {
  const deleteTag = useDeleteTag()

  function handleConfirm() {
    if (tag === null || deleteTag.isPending) return
    deleteTag.mutate(tag.id, {
      onSuccess: ({ talentsAffected }) => {
        toast({
          title: 'Tag deleted',
          description:
            talentsAffected === 0
              ? `"${tag.name}" was deleted.`
              : `"${tag.name}" was removed from ${talentCountText(talentsAffected).toLowerCase()} and deleted.`,
        })
        onClose()
      },
      onError: (error) => {
        toast({
          variant: 'destructive',
          title: 'Error',
          description: parseApiError(error)?.message ?? 'Failed to delete tag. Please try again.',
        })
      },
    })
  }

  return (
    <ConfirmDeleteDialog
      open={open && tag !== null}
      title="Delete Tag"
      description={
        tag === null
          ? ''
          : `Are you sure you want to delete the tag "${tag.name}"? ${consequence(tag)} This action cannot be undone.`
      }
      isPending={deleteTag.isPending}
      onConfirm={handleConfirm}
      onClose={onClose}
    />
  )
}
