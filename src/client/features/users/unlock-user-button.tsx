import { LockOpen } from 'lucide-react'
import type { AdminUser } from '#shared/user.ts'
import { Button } from '../../components/ui/button.tsx'
import { toast } from '../../components/ui/use-toast.ts'
import { parseApiError } from '../../lib/api.ts'
import { mutateThen } from '../../lib/mutate-then.ts'
import { useUnlockUser } from './api.ts'

/** True while strangers' wrong passwords keep this account from signing in (security rule 6 e). */
export function isLocked(user: AdminUser, now = Date.now()): boolean {
  return user.lockedUntil !== null && Date.parse(user.lockedUntil) > now
}

/** The row action that lifts a sign-in lock at once; shown only on locked accounts. */
export function UnlockUserButton({ user }: { user: AdminUser }) {
  const unlock = useUnlockUser()
  function run() {
    if (unlock.isPending) return
    mutateThen(unlock, user.id, {
      onSuccess: () => {
        toast({ title: 'Account unlocked', description: `${user.email} can sign in again.` })
      },
      onError: (error) => {
        toast({
          variant: 'destructive',
          title: 'Failed to unlock account',
          description: parseApiError(error)?.message,
        })
      },
    })
  }
  return (
    <Button
      type="button"
      variant="ghost"
      size="icon-sm"
      aria-label={`Unlock ${user.email}`}
      title="Unlock"
      disabled={unlock.isPending}
      onClick={run}
    >
      <LockOpen aria-hidden="true" />
    </Button>
  )
}
