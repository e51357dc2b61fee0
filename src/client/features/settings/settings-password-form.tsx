import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { settingsPasswordFormSchema, type SettingsPasswordForm } from '#shared/auth.ts'
import { Button } from '../../components/ui/button.tsx'
import { DialogFooter } from '../../components/ui/dialog.tsx'
import { FormField } from '../../components/ui/form-field.tsx'
import { toast } from '../../components/ui/use-toast.ts'
import { parseApiError } from '../../lib/api.ts'
import { useChangePassword } from '../../lib/queries/change-password.ts'
import { showServerFieldErrors } from '../../lib/server-field-errors.ts'

type SettingsPasswordFormProps = {
  onCancel: () => void
  onChanged: () => void
}

const SERVER_FIELDS = ['currentPassword', 'newPassword'] as const

/**
 * The Settings Change Password form (spec sections 5 and 8): current, new and confirm; sends
 * {currentPassword, newPassword} (spec section 7), and the server checks the current password.
 */
export function SettingsPasswordFormFields({ onCancel, onChanged }: SettingsPasswordFormProps) {
  const changePassword = useChangePassword()
  const form = useForm<SettingsPasswordForm>({
    resolver: zodResolver(settingsPasswordFormSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  })

  function handleValid({ currentPassword, newPassword }: SettingsPasswordForm) {
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
        onError: (error) => {
          const apiError = parseApiError(error)
          showServerFieldErrors(form.setError, SERVER_FIELDS, apiError)
          toast({
            variant: 'destructive',
            title: 'Error',
            description: apiError?.message ?? 'Failed to change password',
          })
        },
      },
    )
  }

  return (
    <form
      className="grid gap-4"
      onSubmit={(event) => void form.handleSubmit(handleValid)(event)}
      noValidate
    >
      <FormField
        control={form.control}
        name="currentPassword"
        label="Current Password"
        type="password"
        autoComplete="current-password"
        autoFocus
      />
      <FormField
        control={form.control}
        name="newPassword"
        label="New Password"
        type="password"
        autoComplete="new-password"
      />
      <FormField
        control={form.control}
        name="confirmPassword"
        label="Confirm New Password"
        type="password"
        autoComplete="new-password"
      />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={changePassword.isPending}>
          {changePassword.isPending ? 'Updating...' : 'Update Password'}
        </Button>
      </DialogFooter>
    </form>
  )
}
