import { KeyRound, Lock, ShieldCheck } from 'lucide-react'
import type { AdminUser } from '#shared/user.ts'
import { Badge, badgeVariants } from '../../components/ui/badge.tsx'
import { cn } from '../../lib/cn.ts'
import { copyToClipboard } from './clipboard.ts'
import { formatFullDateTime } from './format.ts'
import { isLocked } from './unlock-user-button.tsx'

export const NO_TEMP_PASSWORD = 'No temporary password available for this user.'

/**
 * spec section 2: clicking the badge copies the temporary password and alerts it; without a
 * stored one (the user only has to change their password) it alerts that there is none.
 */
async function revealTempPassword(user: AdminUser) {
  if (user.tempPassword === null || user.tempPassword === '') {
    window.alert(NO_TEMP_PASSWORD)
    return
  }
  const copied = await copyToClipboard(user.tempPassword)
  window.alert(
    copied
      ? `Temporary password for ${user.email} (copied to the clipboard): ${user.tempPassword}`
      : `Temporary password for ${user.email}: ${user.tempPassword}`,
  )
}

function TempPasswordBadge({ user }: { user: AdminUser }) {
  return (
    <button
      type="button"
      title="Copy the temporary password"
      className={cn(
        badgeVariants({ variant: 'outline' }),
        'cursor-pointer border-amber-400/50 bg-amber-400/10 text-amber-200 outline-none hover:bg-amber-400/20',
      )}
      onClick={() => void revealTempPassword(user)}
    >
      <KeyRound aria-hidden="true" />
      Temp Password
      <span className="sr-only"> for {user.email}</span>
    </button>
  )
}

/**
 * The Status cell: Active/Inactive, the temp-password badge and 'MFA Enabled' (spec section 2, with
 * 'Awaiting setup' beside it until the person has enrolled), and
 * 'Locked' while strangers' wrong passwords hold the account (security rule 6 e).
 */
export function UserStatusBadges({ user }: { user: AdminUser }) {
  const hasTempPassword = user.tempPassword !== null || user.mustChangePassword
  return (
    <div className="flex items-center gap-1.5">
      {user.isActive ? (
        <Badge
          variant="outline"
          className="border-emerald-400/40 bg-emerald-400/10 text-emerald-200"
        >
          Active
        </Badge>
      ) : (
        <Badge
          variant="outline"
          className="border-destructive/50 bg-destructive/15 text-foreground"
        >
          Inactive
        </Badge>
      )}
      {hasTempPassword ? <TempPasswordBadge user={user} /> : null}
      {isLocked(user) && user.lockedUntil !== null ? (
        <Badge
          variant="outline"
          className="border-destructive/50 bg-destructive/15 text-foreground"
          title={`Sign-in locked until ${formatFullDateTime(user.lockedUntil)} after wrong passwords`}
        >
          <Lock aria-hidden="true" />
          Locked
        </Badge>
      ) : null}
      {/*
        security rule 48: the spec's 'MFA Enabled' badge for the spec's flag (an admin turned it on)
        and for a person who set it up themself; "not enrolled yet" is a smaller note beside it.
      */}
      {user.mfaEnabled || user.mfaEnrolled ? (
        <Badge variant="secondary">
          <ShieldCheck aria-hidden="true" />
          MFA Enabled
        </Badge>
      ) : null}
      {user.mfaEnabled && !user.mfaEnrolled ? (
        <span
          className="text-xs text-muted-foreground"
          title="Two-factor is required; they set it up at their next sign-in"
        >
          Awaiting setup
        </span>
      ) : null}
    </div>
  )
}
