import { UserRound } from 'lucide-react'
import type { User } from '#shared/user.ts'
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card.tsx'
import { Field, FieldDescription, FieldLabel } from '../../components/ui/field.tsx'
import { Input } from '../../components/ui/input.tsx'

type AccountDetailsProps = {
  user: User
}

const ROLE_LABELS = { admin: 'Admin', user: 'User' } as const

/** spec section 2 "Settings": the e-mail and role, read-only. */
export function AccountDetails({ user }: AccountDetailsProps) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <UserRound className="size-4 text-primary" aria-hidden="true" />
          Account
        </CardTitle>
        <CardDescription>Your sign-in details.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <Field>
          <FieldLabel htmlFor="settings-email">Email</FieldLabel>
          <Input
            id="settings-email"
            type="email"
            value={user.email}
            readOnly
            aria-describedby="settings-email-hint"
            className="bg-muted/50"
          />
          <FieldDescription id="settings-email-hint">
            Contact admin to change your email address
          </FieldDescription>
        </Field>
        <Field>
          <FieldLabel htmlFor="settings-role">Role</FieldLabel>
          <Input
            id="settings-role"
            value={ROLE_LABELS[user.role]}
            readOnly
            className="bg-muted/50"
          />
        </Field>
      </CardContent>
    </Card>
  )
}
