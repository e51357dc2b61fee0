import { KeyRound } from 'lucide-react'
import { Link, useNavigate } from 'react-router'
import { changePasswordFormSchema, type ChangePasswordForm } from '#shared/auth.ts'
import { PasswordForm, type PasswordFormControls } from '../../components/password-form.tsx'
import { Button } from '../../components/ui/button.tsx'
import { toast } from '../../components/ui/use-toast.ts'
import { parseApiError } from '../../lib/api.ts'
import { useChangePassword } from '../../lib/queries/change-password.ts'
import { PasswordScreen, PasswordScreenSubmit, newPasswordFields } from './password-screen.tsx'

/** The forced Change Password screen (spec section 2), shown before dashboard access. */
export function ChangePasswordPage() {
  const navigate = useNavigate()
  const changePassword = useChangePassword()

  function handleValid({ newPassword }: ChangePasswordForm, form: PasswordFormControls) {
    if (changePassword.isPending) return
    // spec section 5: the confirmation is never sent.
    changePassword.mutate(
      { newPassword },
      {
        onSuccess: () => {
          toast({
            title: 'Password changed successfully',
            description: 'You can now access the dashboard',
          })
          void navigate('/dashboard', { replace: true })
        },
        onError: (error) =>
          form.refuse(parseApiError(error), 'Failed to change password', 'Please try again'),
      },
    )
  }

  return (
    <PasswordScreen
      icon={KeyRound}
      title="Change Password"
      description="Choose a new password before you continue to the dashboard."
      footer={
        <Button asChild variant="link" size="sm">
          <Link to="/login">Back to sign in</Link>
        </Button>
      }
    >
      <PasswordForm
        schema={changePasswordFormSchema}
        className="grid gap-5"
        fields={newPasswordFields('At least 8 characters.')}
        onValid={handleValid}
        submit={
          <PasswordScreenSubmit isBusy={changePassword.isPending} busyLabel="Changing Password...">
            Change Password
          </PasswordScreenSubmit>
        }
      />
    </PasswordScreen>
  )
}
