import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import {
  inviteUserSchema,
  type InviteResponse,
  type InviteUser,
  type InviteUserInput,
} from '#shared/user.ts'
import { Button } from '../../components/ui/button.tsx'
import { DialogFooter } from '../../components/ui/dialog.tsx'
import { FormField } from '../../components/ui/form-field.tsx'
import { FormSelectField } from '../../components/ui/form-select-field.tsx'
import { toast } from '../../components/ui/use-toast.ts'
import { parseApiError } from '../../lib/api.ts'
import { useInviteUser } from './api.ts'
import { showServerFieldErrors } from '../../lib/server-field-errors.ts'

export const ROLE_OPTIONS = [
  { value: 'user', label: 'User' },
  { value: 'admin', label: 'Admin' },
] as const

const FIELDS = ['email', 'firstName', 'lastName', 'role'] as const

// spec section 5: an unset role reads 'Please select a role' (the schema's own message).
const resolver = zodResolver(inviteUserSchema)

type InviteUserFormProps = {
  onCancel: () => void
  onInvited: (response: InviteResponse) => void
}

/** The Invite User form (spec section 5 "Invite form"): role defaults to user. */
export function InviteUserForm({ onCancel, onInvited }: InviteUserFormProps) {
  const form = useForm<InviteUserInput, unknown, InviteUser>({
    resolver,
    defaultValues: { email: '', firstName: '', lastName: '', role: 'user' },
  })
  const inviteUser = useInviteUser()

  function submit(values: InviteUser) {
    if (inviteUser.isPending) return
    inviteUser.mutate(values, {
      onSuccess: (response) => {
        toast({
          title: 'User Invited',
          description: response.message.trim() || 'The user has been invited successfully.',
        })
        onInvited(response)
      },
      onError: (error) => {
        const apiError = parseApiError(error)
        showServerFieldErrors(form.setError, FIELDS, apiError)
        toast({
          variant: 'destructive',
          title: 'Failed to invite user',
          description: apiError?.message ?? 'Please try again later',
        })
      },
    })
  }

  return (
    <form
      className="grid gap-4"
      onSubmit={(event) => void form.handleSubmit(submit)(event)}
      noValidate
    >
      <FormField
        control={form.control}
        name="email"
        id="invite-email"
        label="Email"
        type="email"
        autoComplete="off"
        placeholder="name@example.com"
      />
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <FormField
          control={form.control}
          name="firstName"
          id="invite-first-name"
          label="First Name"
          autoComplete="off"
        />
        <FormField
          control={form.control}
          name="lastName"
          id="invite-last-name"
          label="Last Name"
          autoComplete="off"
        />
      </div>
      <FormSelectField
        control={form.control}
        name="role"
        id="invite-role"
        label="Role"
        placeholder="Select a role"
        options={ROLE_OPTIONS}
      />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel} disabled={inviteUser.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={inviteUser.isPending}>
          {inviteUser.isPending ? 'Sending...' : 'Send Invitation'}
        </Button>
      </DialogFooter>
    </form>
  )
}
