import { settingsPasswordFormSchema, type SettingsPasswordForm } from '#shared/auth.ts'
import { PasswordForm, type PasswordFormControls } from '../../components/password-form.tsx'
import { Button } from '../../components/ui/button.tsx'
import { DialogFooter } from '../../components/ui/dialog.tsx'
import { toast } from '../../components/ui/use-toast.ts'
import { parseApiError } from '../../lib/api.ts'
import { useChangePassword } from '../../lib/queries/change-password.ts'

type SettingsPasswordFormProps = {
  onCancel: () => void
  onChanged: () => void
}

/**
 * The Settings Change Password form (spec sections 5 and 8): current, new and confirm; sends
 * {currentPassword, newPassword} (spec section 7), and the server checks the current password.
 */
export function SettingsPasswordFormFields({ onCancel, onChanged }: SettingsPasswordFormProps) {
  const changePassword = useChangePassword()

  function handleValid(
    { currentPassword, newPassword }: SettingsPasswordForm,
    form: PasswordFormControls,
  ) {
    if (changePassword.isPending) return
    // spec section 5: the confirmation is never sent.
    changePassword.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          toast({
            title: 'Password Changed',
            description: 'Your password has been updated successfully',
          })
          onChanged()
        },
        onError: (error) => form.refuse(parseApiError(error), 'Error', 'Failed to change password'),
      },
    )
  }

  return (
    <PasswordForm
      schema={settingsPasswordFormSchema}
      className="grid gap-4"
      fields={[
        { name: 'currentPassword', label: 'Current Password', autoComplete: 'current-password' },
        { name: 'newPassword', label: 'New Password', autoComplete: 'new-password' },
        { name: 'confirmPassword', label: 'Confirm New Password', autoComplete: 'new-password' },
      ]}
      onValid={handleValid}
      submit={
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" disabled={changePassword.isPending}>
            {changePassword.isPending ? 'Updating...' : 'Update Password'}
          </Button>
        </DialogFooter>
      }
    />
  )
}
