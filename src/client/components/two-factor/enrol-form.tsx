import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import {
  normalizeCode,
  totpCodeFormSchema,
  type MfaSetupResponse,
  type TotpCodeForm,
} from '#shared/mfa.ts'
import { Button } from '../ui/button.tsx'
import { FormField } from '../ui/form-field.tsx'
import { Spinner } from '../ui/spinner.tsx'
import { QrCode } from './qr-code.tsx'

/** Groups the key in fours, as people copy it into an app by hand. */
function groupedKey(secret: string): string {
  return secret.replace(/(.{4})/g, '$1 ').trim()
}

type EnrolFormProps = {
  setup: MfaSetupResponse
  pending: boolean
  /** Sends the code; resolves to the server's message when it was refused. */
  onConfirm: (code: string) => void
  error: string | undefined
}

/**
 * Enrolment: scan the QR code (or type the key), then confirm with a current code.
 * Used in Settings and at sign-in when an admin requires two-factor.
 */
export function EnrolForm({ setup, pending, onConfirm, error }: EnrolFormProps) {
  const form = useForm<TotpCodeForm>({
    resolver: zodResolver(totpCodeFormSchema),
    defaultValues: { code: '' },
  })
  return (
    <div className="grid gap-4">
      <ol className="grid list-decimal gap-1 pl-5 text-sm text-muted-foreground">
        <li>Open an authenticator app (Google Authenticator, 1Password, Authy, …).</li>
        <li>Scan the QR code, or enter the key by hand.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <div className="flex flex-wrap items-center gap-4">
        <QrCode text={setup.otpauthUrl} label="QR code for your authenticator app" />
        <div className="grid gap-1">
          <span className="text-sm font-medium" id="mfa-key-label">
            Key
          </span>
          <code
            aria-labelledby="mfa-key-label"
            className="rounded bg-muted px-2 py-1 font-mono text-sm break-all select-all"
          >
            {groupedKey(setup.secret)}
          </code>
        </div>
      </div>
      <form
        className="grid gap-3"
        noValidate
        onSubmit={(event) =>
          void form.handleSubmit(({ code }) => onConfirm(normalizeCode(code)))(event)
        }
      >
        <FormField
          control={form.control}
          name="code"
          label="Authentication code"
          inputMode="numeric"
          autoComplete="one-time-code"
          placeholder="123456"
          autoFocus
        />
        {error ? (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        ) : null}
        <Button type="submit" disabled={pending} className="justify-self-start">
          {pending ? (
            <>
              <Spinner decorative />
              Verifying...
            </>
          ) : (
            'Verify and turn on'
          )}
        </Button>
      </form>
    </div>
  )
}
