import { emptyToNull } from '#shared/empty-to-null.ts'
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm, useWatch } from 'react-hook-form'
import {
  updateUserSchema,
  type AdminUser,
  type UpdateUser,
  type UpdateUserInput,
} from '#shared/user.ts'
import { Button } from '../../components/ui/button.tsx'
import { DialogFooter } from '../../components/ui/dialog.tsx'
import { FormField } from '../../components/ui/form-field.tsx'
import { FormSelectField } from '../../components/ui/form-select-field.tsx'
import { FormSwitchField } from '../../components/ui/form-switch-field.tsx'
import { toast } from '../../components/ui/use-toast.ts'
import { parseApiError } from '../../lib/api.ts'
import { useAuth } from '../../lib/current-user.ts'
import { useUpdateUser } from './api.ts'
import { ROLE_OPTIONS } from './invite-user-form.tsx'
import { showServerFieldErrors } from '../../lib/server-field-errors.ts'

const FIELDS = [
  'firstName',
  'lastName',
  'role',
  'isActive',
  'mustChangePassword',
  'mfaEnabled',
  'mfaCode',
] as const

const resolver = zodResolver(updateUserSchema)

type EditUserFormProps = {
  user: AdminUser
  onCancel: () => void
  onSaved: () => void
}

/** The Edit User form (spec section 5 "Edit user"): names optional, role required, three flags. */
export function EditUserForm({ user, onCancel, onSaved }: EditUserFormProps) {
  const form = useForm<UpdateUserInput, unknown, UpdateUser>({
    resolver,
    defaultValues: {
      firstName: user.firstName ?? '',
      lastName: user.lastName ?? '',
      role: user.role,
      isActive: user.isActive,
      mustChangePassword: user.mustChangePassword,
      mfaEnabled: user.mfaEnabled,
    },
  })
  const updateUser = useUpdateUser()
  const viewer = useAuth().user
  const mfaRequired = useWatch({ control: form.control, name: 'mfaEnabled' })
  // An admin stops requiring two-factor for themself only with a code.
  const needsOwnCode = viewer?.id === user.id && user.mfaEnabled && user.mfaEnrolled && !mfaRequired

  function submit(values: UpdateUser) {
    if (updateUser.isPending) return
    const { mfaCode, ...rest } = values
    const input = {
      ...rest,
      ...(needsOwnCode && mfaCode ? { mfaCode: mfaCode.replace(/\s+/g, '') } : {}),
      // A cleared name is stored as no name, so the table reads 'Not Set' (spec section 2).
      firstName: emptyToNull(values.firstName ?? null),
      lastName: emptyToNull(values.lastName ?? null),
    }
    updateUser.mutate(
      { id: user.id, input },
      {
        onSuccess: () => {
          toast({ title: 'User Updated', description: 'The user has been updated successfully.' })
          onSaved()
        },
        onError: (error) => {
          // e.g. an admin deactivating or demoting themself: the server says why.
          const apiError = parseApiError(error)
          showServerFieldErrors(form.setError, FIELDS, apiError)
          toast({
            variant: 'destructive',
            title: 'Failed to update user',
            description: apiError?.message ?? 'Please try again later',
          })
        },
      },
    )
  }

  return (
    <form
      className="grid gap-4"
      onSubmit={(event) => void form.handleSubmit(submit)(event)}
      noValidate
    >
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <FormField
          control={form.control}
          name="firstName"
          id="edit-first-name"
          label="First Name"
          autoComplete="off"
        />
        <FormField
          control={form.control}
          name="lastName"
          id="edit-last-name"
          label="Last Name"
          autoComplete="off"
        />
      </div>
      <FormSelectField
        control={form.control}
        name="role"
        id="edit-role"
        label="Role"
        placeholder="Select a role"
        options={ROLE_OPTIONS}
      />
      <div className="grid gap-2">
        <FormSwitchField
          control={form.control}
          name="isActive"
          id="edit-is-active"
          label="Active"
          description="Inactive users cannot sign in; their sessions end at once."
        />
        <FormSwitchField
          control={form.control}
          name="mustChangePassword"
          id="edit-must-change-password"
          label="Must change password"
          description="Asks for a new password at their next sign-in; the current one works until then. Their sessions end."
        />
        <FormSwitchField
          control={form.control}
          name="mfaEnabled"
          id="edit-mfa-enabled"
          label="MFA enabled"
          description="Two-factor sign-in required: they set it up at their next sign-in if they have not."
        />
        {needsOwnCode ? (
          <FormField
            control={form.control}
            name="mfaCode"
            id="edit-mfa-code"
            label="Code from your authenticator app"
            description="Needed to stop requiring two-factor for yourself."
            inputMode="numeric"
            autoComplete="one-time-code"
          />
        ) : null}
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel} disabled={updateUser.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={updateUser.isPending}>
          {updateUser.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
      </DialogFooter>
    </form>
  )
}
