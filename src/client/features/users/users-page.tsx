import { useQuery } from '@tanstack/react-query'
import { RefreshCw, TriangleAlert, UserPlus } from 'lucide-react'
import { useState } from 'react'
import type { AdminUser } from '#shared/user.ts'
import { PageHeader } from '../../components/layout/page-header.tsx'
import { Button } from '../../components/ui/button.tsx'
import { userListOptions } from './api.ts'
import { DeleteUserDialog } from './delete-user-dialog.tsx'
import { EditUserDialog } from './edit-user-dialog.tsx'
import { InviteUserDialog } from './invite-user-dialog.tsx'
import { UsersTable } from './users-table.tsx'

type UserDialogState = { isOpen: boolean; user: AdminUser | null }
const CLOSED: UserDialogState = { isOpen: false, user: null }

function UsersError({ onRetry, isRetrying }: { onRetry: () => void; isRetrying: boolean }) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-xl border border-destructive/40 bg-destructive/10 px-6 py-10 text-center"
    >
      <TriangleAlert className="size-8 text-destructive" aria-hidden="true" />
      <p className="font-medium">Error loading users. Please try again later.</p>
      <Button type="button" variant="outline" onClick={onRetry} disabled={isRetrying}>
        <RefreshCw className={isRetrying ? 'animate-spin' : undefined} aria-hidden="true" />
        {isRetrying ? 'Retrying...' : 'Retry'}
      </Button>
    </div>
  )
}

/** spec section 2 "User management (admin)": the user table and its three dialogs. */
export function UsersPage() {
  const users = useQuery(userListOptions())
  const [isInviting, setIsInviting] = useState(false)
  // The user is kept after closing, so a dialog's text does not change while it animates out.
  const [editing, setEditing] = useState<UserDialogState>(CLOSED)
  const [deleting, setDeleting] = useState<UserDialogState>(CLOSED)

  return (
    <div className="grid min-w-0 gap-6">
      <PageHeader
        title="User Management"
        description="Invite teammates and manage their access."
        actions={
          <Button type="button" onClick={() => setIsInviting(true)}>
            <UserPlus aria-hidden="true" />
            Invite User
          </Button>
        }
      />
      {users.isError ? (
        <UsersError onRetry={() => void users.refetch()} isRetrying={users.isFetching} />
      ) : (
        <UsersTable
          users={users.data ?? []}
          isLoading={users.isPending}
          onEdit={(user) => setEditing({ isOpen: true, user })}
          onDelete={(user) => setDeleting({ isOpen: true, user })}
        />
      )}
      <InviteUserDialog open={isInviting} onOpenChange={setIsInviting} />
      <EditUserDialog
        open={editing.isOpen}
        user={editing.user}
        onClose={() => setEditing((state) => ({ ...state, isOpen: false }))}
      />
      <DeleteUserDialog
        open={deleting.isOpen}
        user={deleting.user}
        onClose={() => setDeleting((state) => ({ ...state, isOpen: false }))}
      />
    </div>
  )
}
