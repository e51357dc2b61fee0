import { Pencil, Trash2 } from 'lucide-react'
import type { AdminUser } from '#shared/user.ts'
import { Badge } from '../../components/ui/badge.tsx'
import { Button } from '../../components/ui/button.tsx'
import { Skeleton } from '../../components/ui/skeleton.tsx'
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../components/ui/table.tsx'
import { Tooltip, TooltipContent, TooltipTrigger } from '../../components/ui/tooltip.tsx'
import { displayName, formatCreatedDate, formatFullDateTime } from './format.ts'
import { isLocked, UnlockUserButton } from './unlock-user-button.tsx'
import { UserStatusBadges } from './user-status-badges.tsx'

const COLUMNS = ['Name', 'Email', 'Role', 'Status', 'Created', 'Actions'] as const

type UsersTableProps = {
  users: AdminUser[]
  isLoading: boolean
  onEdit: (user: AdminUser) => void
  onDelete: (user: AdminUser) => void
}

function SkeletonRows() {
  // spec section 9: three skeleton rows while loading.
  return [0, 1, 2].map((row) => (
    <TableRow key={row} aria-hidden="true" className="hover:bg-transparent">
      {COLUMNS.map((column) => (
        <TableCell key={column}>
          <Skeleton className="h-4 w-full min-w-16" />
        </TableCell>
      ))}
    </TableRow>
  ))
}

function CreatedCell({ createdAt }: { createdAt: string }) {
  const full = formatFullDateTime(createdAt)
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        {/* Focusable so keyboard users reach the tooltip too. */}
        <time
          dateTime={createdAt}
          tabIndex={0}
          aria-label={`Created ${full}`}
          className="cursor-default rounded-sm underline decoration-dotted underline-offset-4 outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          {formatCreatedDate(createdAt)}
        </time>
      </TooltipTrigger>
      <TooltipContent>{full}</TooltipContent>
    </Tooltip>
  )
}

/** The user list of spec section 2 "User management (admin)"; it scrolls sideways on phones. */
export function UsersTable({ users, isLoading, onEdit, onDelete }: UsersTableProps) {
  return (
    <div className="min-w-0 rounded-xl border bg-card">
      <Table aria-label="Users" aria-busy={isLoading} className="min-w-[720px]">
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            {COLUMNS.map((column) => (
              <TableHead
                key={column}
                scope="col"
                className={column === 'Actions' ? 'text-right' : undefined}
              >
                {column}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {isLoading ? <SkeletonRows /> : null}
          {!isLoading && users.length === 0 ? (
            <TableRow className="hover:bg-transparent">
              <TableCell
                colSpan={COLUMNS.length}
                className="py-10 text-center text-muted-foreground"
              >
                No users found. Invite a user to get started.
              </TableCell>
            </TableRow>
          ) : null}
          {users.map((user) => {
            const name = displayName(user)
            return (
              <TableRow key={user.id}>
                <TableCell className="font-medium">
                  {name === 'Not Set' ? (
                    <span className="text-muted-foreground italic">Not Set</span>
                  ) : (
                    name
                  )}
                </TableCell>
                <TableCell>{user.email}</TableCell>
                <TableCell>
                  <Badge variant={user.role === 'admin' ? 'default' : 'secondary'}>
                    {user.role === 'admin' ? 'Admin' : 'User'}
                  </Badge>
                </TableCell>
                <TableCell>
                  <UserStatusBadges user={user} />
                </TableCell>
                <TableCell>
                  <CreatedCell createdAt={user.createdAt} />
                </TableCell>
                <TableCell>
                  <div className="flex items-center justify-end gap-1">
                    {isLocked(user) ? <UnlockUserButton user={user} /> : null}
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon-sm"
                      aria-label={`Edit ${user.email}`}
                      title="Edit"
                      onClick={() => onEdit(user)}
                    >
                      <Pencil aria-hidden="true" />
                    </Button>
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon-sm"
                      aria-label={`Delete ${user.email}`}
                      title="Delete"
                      className="text-muted-foreground hover:bg-destructive/15 hover:text-destructive"
                      onClick={() => onDelete(user)}
                    >
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </div>
                </TableCell>
              </TableRow>
            )
          })}
        </TableBody>
      </Table>
    </div>
  )
}
