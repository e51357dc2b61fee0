import { useEffect, useState } from 'react'
import type { LoginResponse } from '#shared/auth.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { parseApiError } from '../../../lib/api.ts'
import { useLoginEnrolEnable, useLoginEnrolSetup } from '../api.ts'
import { EnrolForm } from '../../../components/two-factor/enrol-form.tsx'
import { RecoveryCodes } from '../../../components/two-factor/recovery-codes.tsx'

type LoginEnrolStepProps = {
  mfaToken: string
  onSignedIn: (result: LoginResponse) => void
  onRestart: () => void
}

/**
 * Sign-in when an admin requires two-factor and the person has not set it up: the QR
 * code, a code to confirm, then the recovery codes once — and only then the dashboard.
 */
export function LoginEnrolStep({ mfaToken, onSignedIn, onRestart }: LoginEnrolStepProps) {
  const setup = useLoginEnrolSetup()
  const enable = useLoginEnrolEnable()
  const [finished, setFinished] = useState<
    { result: LoginResponse; recoveryCodes: string[] } | undefined
  >(undefined)
  const { mutate: startSetup } = setup
  useEffect(() => {
    startSetup(mfaToken)
  }, [startSetup, mfaToken])

  if (finished) {
    return (
      <div className="grid gap-4">
        <p role="status" className="text-sm">
          Two-factor sign-in is on.
        </p>
        <RecoveryCodes codes={finished.recoveryCodes} />
        <Button type="button" size="lg" onClick={() => onSignedIn(finished.result)}>
          Continue
        </Button>
      </div>
    )
  }
  return (
    <div className="grid gap-4">
      <p className="text-sm">
        Your admin requires two-factor sign-in for your account. Set it up to continue.
      </p>
      {setup.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {parseApiError(setup.error)?.message ?? 'The setup could not be started.'}
        </p>
      ) : setup.data ? (
        <EnrolForm
          setup={setup.data}
          pending={enable.isPending}
          error={enable.error ? parseApiError(enable.error)?.message : undefined}
          onConfirm={(code) =>
            enable.mutate(
              { mfaToken, code },
              {
                onSuccess: ({ recoveryCodes, token, user }) =>
                  setFinished({ result: { token, user }, recoveryCodes }),
              },
            )
          }
        />
      ) : (
        <Skeleton className="h-48 w-full" aria-label="Loading two-factor setup" />
      )}
      <Button type="button" variant="link" onClick={onRestart}>
        Back to sign in
      </Button>
    </div>
  )
}
