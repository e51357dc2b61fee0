import { KeyRound, ShieldOff } from 'lucide-react'
import { useState } from 'react'
import type { AdminUser } from '#shared/user.ts'
import { Button } from '../../components/ui/button.tsx'
import { Input } from '../../components/ui/input.tsx'
import { Label } from '../../components/ui/label.tsx'
import { toast } from '../../components/ui/use-toast.ts'
import { parseApiError } from '../../lib/api.ts'
import { useResetMfa, useResetPassword } from './api.ts'
import { copyToClipboard } from './clipboard.ts'

type Pending = 'mfa' | 'password' | undefined

const CONFIRM: Record<'mfa' | 'password', string> = {
  mfa: 'Their authenticator app and recovery codes stop working, they are signed out, and they set two-factor up again at their next sign-in.',
  password:
    'Their password stops working and they are signed out. You get a temporary password to pass on (it is e-mailed when e-mail is set up).',
}

/**
 * Edit User's account recovery: 'Reset two-factor' (lost phone) and 'Reset password'
 * (a new temporary password, shown once). Not offered on the admin's own account.
 */
export function AccountResets({ user }: { user: AdminUser }) {
  const [pending, setPending] = useState<Pending>(undefined)
  const [tempPassword, setTempPassword] = useState<string | undefined>(undefined)
  const resetMfa = useResetMfa()
  const resetPassword = useResetPassword()
  const busy = resetMfa.isPending || resetPassword.isPending

  function failed(error: unknown) {
    toast({
      variant: 'destructive',
      title: 'Reset failed',
      description: parseApiError(error)?.message ?? 'Please try again later',
    })
  }

  function confirm() {
    if (pending === 'mfa') {
      resetMfa.mutate(user.id, {
        onSuccess: ({ message }) => toast({ title: 'Two-factor reset', description: message }),
        onError: failed,
        onSettled: () => setPending(undefined),
      })
    } else if (pending === 'password') {
      resetPassword.mutate(user.id, {
        onSuccess: (result) => {
          setTempPassword(result.tempPassword)
          toast({ title: 'Password reset', description: result.message })
        },
        onError: failed,
        onSettled: () => setPending(undefined),
      })
    }
  }

  return (
    <section aria-labelledby="account-resets-title" className="grid gap-3 border-t pt-4">
      <h3 id="account-resets-title" className="text-sm font-medium">
        Account recovery
      </h3>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          disabled={busy || !(user.mfaEnrolled || user.mfaEnabled)}
          onClick={() => setPending('mfa')}
        >
          <ShieldOff aria-hidden="true" />
          Reset two-factor
        </Button>
        <Button
          type="button"
          variant="outline"
          disabled={busy}
          onClick={() => setPending('password')}
        >
          <KeyRound aria-hidden="true" />
          Reset password
        </Button>
      </div>
      {pending ? (
        <div
          role="alertdialog"
          aria-labelledby="account-reset-confirm"
          className="grid gap-2 rounded-md border border-destructive/40 p-3"
        >
          <p id="account-reset-confirm" className="text-sm">
            {CONFIRM[pending]}
          </p>
          <div className="flex gap-2">
            <Button type="button" variant="destructive" disabled={busy} onClick={confirm}>
              {busy
                ? 'Resetting...'
                : pending === 'mfa'
                  ? 'Yes, reset two-factor'
                  : 'Yes, reset password'}
            </Button>
            <Button
              type="button"
              variant="outline"
              disabled={busy}
              onClick={() => setPending(undefined)}
            >
              Cancel
            </Button>
          </div>
        </div>
      ) : null}
      {tempPassword ? (
        <div className="grid gap-2">
          <Label htmlFor="reset-temp-password">Temporary password (shown once)</Label>
          <div className="flex gap-2">
            <Input id="reset-temp-password" readOnly value={tempPassword} className="font-mono" />
            <Button
              type="button"
              variant="outline"
              onClick={() =>
                void copyToClipboard(tempPassword).then((ok) =>
                  toast(
                    ok ? { title: 'Copied' } : { variant: 'destructive', title: 'Could not copy' },
                  ),
                )
              }
            >
              Copy
            </Button>
          </div>
        </div>
      ) : null}
    </section>
  )
}
