import { zodResolver } from '@hookform/resolvers/zod'
import { ShieldCheck } from 'lucide-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import {
  mfaDisableFormSchema,
  mfaSetupFormSchema,
  normalizeCode,
  type MfaDisableForm,
} from '#shared/mfa.ts'
import type { User } from '#shared/user.ts'
import { PasswordForm } from '../../components/password-form.tsx'
import { Button } from '../../components/ui/button.tsx'
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card.tsx'
import { FormField } from '../../components/ui/form-field.tsx'
import { toast } from '../../components/ui/use-toast.ts'
import { parseApiError } from '../../lib/api.ts'
import { showServerFieldErrors } from '../../lib/server-field-errors.ts'
import { EnrolForm } from '../../components/two-factor/enrol-form.tsx'
import { RecoveryCodes } from '../../components/two-factor/recovery-codes.tsx'
import { useMfaDisable, useMfaEnable, useMfaSetup } from './security-api.ts'

/** Settings → Two-factor sign-in: turn it on with a QR code and a code, or off. */
export function TwoFactorCard({ user }: { user: User }) {
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | undefined>(undefined)
  const [confirming, setConfirming] = useState(false)
  const setup = useMfaSetup()
  const enable = useMfaEnable()

  let body
  if (recoveryCodes) {
    body = (
      <div className="grid gap-4">
        <p role="status">Two-factor sign-in is on.</p>
        <RecoveryCodes codes={recoveryCodes} />
        <Button
          type="button"
          className="justify-self-start"
          onClick={() => setRecoveryCodes(undefined)}
        >
          I have saved my recovery codes
        </Button>
      </div>
    )
  } else if (user.mfaEnrolled) {
    body = <DisableForm required={user.mfaEnabled} />
  } else if (setup.data) {
    body = (
      <EnrolForm
        setup={setup.data}
        pending={enable.isPending}
        error={enable.error ? parseApiError(enable.error)?.message : undefined}
        onConfirm={(code) =>
          enable.mutate(code, {
            onSuccess: (result) => {
              setRecoveryCodes(result.recoveryCodes)
              setConfirming(false)
              setup.reset()
              enable.reset()
            },
          })
        }
      />
    )
  } else if (confirming) {
    body = <SetupPasswordForm setup={setup} onCancel={() => setConfirming(false)} />
  } else {
    body = (
      <Button
        type="button"
        variant="outline"
        className="justify-self-start"
        onClick={() => setConfirming(true)}
      >
        Turn on two-factor sign-in
      </Button>
    )
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <ShieldCheck className="size-4 text-primary" aria-hidden="true" />
          Two-factor sign-in
        </CardTitle>
        <CardDescription>
          {user.mfaEnrolled
            ? 'On: signing in asks for a code from your authenticator app.'
            : 'Off: add a code from an authenticator app to your password.'}
        </CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  )
}

/**
 * The password before the QR code (security rule 46): a session alone never binds a new
 * authenticator. A wrong password shows under the field; too many end the session (security rule 30).
 */
function SetupPasswordForm({
  setup,
  onCancel,
}: {
  setup: ReturnType<typeof useMfaSetup>
  onCancel: () => void
}) {
  return (
    <PasswordForm
      schema={mfaSetupFormSchema}
      className="grid max-w-sm gap-3"
      aria-label="Confirm your password to turn on two-factor sign-in"
      intro={
        <p className="text-sm text-muted-foreground">
          Enter your password to set up two-factor sign-in.
        </p>
      }
      fields={[
        {
          name: 'password',
          id: 'mfa-setup-password',
          label: 'Password',
          autoComplete: 'current-password',
        },
      ]}
      onValid={({ password }, form) =>
        setup.mutate(password, {
          onError: (error) => {
            const apiError = parseApiError(error)
            if (!form.showServerErrors(apiError)) {
              form.showFormError(apiError?.message ?? 'The setup could not be started.')
            }
          },
        })
      }
      submit={
        <div className="flex gap-2">
          <Button type="submit" disabled={setup.isPending}>
            {setup.isPending ? 'Starting...' : 'Continue'}
          </Button>
          <Button type="button" variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      }
    />
  )
}

function DisableForm({ required }: { required: boolean }) {
  const disable = useMfaDisable()
  const form = useForm<MfaDisableForm>({
    resolver: zodResolver(mfaDisableFormSchema),
    defaultValues: { password: '', code: '' },
  })
  if (required) {
    return (
      <p className="text-sm text-muted-foreground">
        Your admin requires two-factor sign-in for your account, so it stays on.
      </p>
    )
  }
  return (
    <form
      className="grid max-w-sm gap-3"
      noValidate
      aria-label="Turn off two-factor sign-in"
      onSubmit={(event) =>
        void form.handleSubmit(({ password, code }) =>
          disable.mutate(
            { password, code: normalizeCode(code) },
            {
              onSuccess: () => {
                form.reset()
                toast({ title: 'Two-factor sign-in is off' })
              },
              onError: (error) => {
                const apiError = parseApiError(error)
                if (!showServerFieldErrors(form.setError, ['password', 'code'], apiError)) {
                  toast({
                    variant: 'destructive',
                    title: 'Could not turn it off',
                    description: apiError?.message ?? 'Please try again',
                  })
                }
              },
            },
          ),
        )(event)
      }
    >
      <FormField
        control={form.control}
        name="password"
        id="mfa-disable-password"
        label="Password"
        type="password"
        autoComplete="current-password"
      />
      <FormField
        control={form.control}
        name="code"
        id="mfa-disable-code"
        label="Authentication code"
        inputMode="numeric"
        autoComplete="one-time-code"
      />
      <Button
        type="submit"
        variant="destructive"
        className="justify-self-start"
        disabled={disable.isPending}
      >
        {disable.isPending ? 'Turning off...' : 'Turn off two-factor sign-in'}
      </Button>
    </form>
  )
}
