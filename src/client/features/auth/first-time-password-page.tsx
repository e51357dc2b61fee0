import { PartyPopper } from 'lucide-react'
import { useRef } from 'react'
import { firstTimePasswordFormSchema, type FirstTimePasswordForm } from '#shared/auth.ts'
import { PasswordForm, type PasswordFormControls } from '../../components/password-form.tsx'
import { toast } from '../../components/ui/use-toast.ts'
import { parseApiError } from '../../lib/api.ts'
import { useFirstTimePasswordChange } from './api.ts'
import { PasswordScreen, PasswordScreenSubmit, newPasswordFields } from './password-screen.tsx'

/** Set Your Password (first time), spec section 2: success reloads the whole app at / after 500 ms. */
export function FirstTimePasswordPage() {
  const changePassword = useFirstTimePasswordChange()
  const inFlight = useRef(false)

  function handleValid({ newPassword }: FirstTimePasswordForm, form: PasswordFormControls) {
    // spec section 5: a second submit is ignored while one is in flight.
    if (inFlight.current) return
    inFlight.current = true
    changePassword.mutate(
      { newPassword },
      {
        onSuccess: () => {
          toast({ title: 'Success!', description: 'Your password has been updated successfully.' })
          setTimeout(() => window.location.assign('/'), 500)
        },
        onError: (error) => {
          inFlight.current = false
          const parsed = parseApiError(error)
          if (parsed === undefined) {
            toast({
              variant: 'destructive',
              title: 'Error',
              description: 'An unexpected error occurred',
            })
            return
          }
          form.refuse(parsed, 'Error', 'Failed to change password')
        },
      },
    )
  }

  // The button stays busy from submit until the reload replaces the page.
  const isBusy = changePassword.isPending || changePassword.isSuccess

  return (
    <PasswordScreen
      icon={PartyPopper}
      title="Set Your Password"
      description="Welcome to Scout! Please choose a new password to replace your temporary one."
    >
      <PasswordForm
        schema={firstTimePasswordFormSchema}
        className="grid gap-5"
        fields={newPasswordFields('At least 6 characters.')}
        onValid={handleValid}
        submit={
          <PasswordScreenSubmit isBusy={isBusy} busyLabel="Updating...">
            Set Password
          </PasswordScreenSubmit>
        }
      />
    </PasswordScreen>
  )
}
