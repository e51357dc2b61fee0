import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import type { LoginResponse } from '#shared/auth.ts'
import { loginCodeFormSchema, normalizeCode, type LoginCodeForm } from '#shared/mfa.ts'
import { Button } from '../../../components/ui/button.tsx'
import { FormField } from '../../../components/ui/form-field.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { parseApiError } from '../../../lib/api.ts'
import { useLoginCode } from '../api.ts'

type LoginCodeStepProps = {
  mfaToken: string
  onSignedIn: (result: LoginResponse) => void
  onRestart: () => void
}

/** Sign-in, step 2: the app's 6-digit code, or one of the recovery codes. */
export function LoginCodeStep({ mfaToken, onSignedIn, onRestart }: LoginCodeStepProps) {
  const loginCode = useLoginCode()
  const form = useForm<LoginCodeForm>({
    resolver: zodResolver(loginCodeFormSchema),
    defaultValues: { code: '' },
  })
  const error = loginCode.error
    ? (parseApiError(loginCode.error)?.message ?? 'Please try again')
    : undefined

  return (
    <form
      className="grid gap-4"
      noValidate
      aria-label="Two-factor sign-in"
      onSubmit={(event) =>
        void form.handleSubmit(({ code }) => {
          if (loginCode.isPending) return
          loginCode.mutate(
            { mfaToken, code: normalizeCode(code) },
            {
              onSuccess: onSignedIn,
              onError: () => form.resetField('code', { keepError: false }),
            },
          )
        })(event)
      }
    >
      <p className="text-sm text-muted-foreground">
        Enter the 6-digit code from your authenticator app. Lost your phone? Enter one of your
        recovery codes instead.
      </p>
      <FormField
        control={form.control}
        name="code"
        label="Authentication code"
        inputMode="text"
        autoComplete="one-time-code"
        placeholder="123456"
        autoFocus
      />
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      <Button type="submit" size="lg" className="w-full" disabled={loginCode.isPending}>
        {loginCode.isPending ? (
          <>
            <Spinner decorative />
            Verifying...
          </>
        ) : (
          'Verify'
        )}
      </Button>
      <Button type="button" variant="link" onClick={onRestart}>
        Back to sign in
      </Button>
    </form>
  )
}
