import { zodResolver } from '@hookform/resolvers/zod'
import { KeyRound } from 'lucide-react'
import { useForm } from 'react-hook-form'
import { Link, useNavigate } from 'react-router'
import { changePasswordFormSchema, type ChangePasswordForm } from '#shared/auth.ts'
import { Button } from '../../components/ui/button.tsx'
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '../../components/ui/card.tsx'
import { FormField } from '../../components/ui/form-field.tsx'
import { Spinner } from '../../components/ui/spinner.tsx'
import { toast } from '../../components/ui/use-toast.ts'
import { parseApiError } from '../../lib/api.ts'
import { useChangePassword } from '../../lib/queries/change-password.ts'
import { AuthLayout } from './auth-layout.tsx'

const FIELDS = ['newPassword', 'confirmPassword'] as const

/** The forced Change Password screen (spec section 2), shown before dashboard access. */
export function ChangePasswordPage() {
  const navigate = useNavigate()
  const changePassword = useChangePassword()
  const form = useForm<ChangePasswordForm>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  })

  function handleValid({ newPassword }: ChangePasswordForm) {
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
        onError: (error) => {
          const parsed = parseApiError(error)
          for (const field of FIELDS) {
            const message = parsed?.fieldErrors[field]?.[0]
            if (message !== undefined) form.setError(field, { message })
          }
          toast({
            variant: 'destructive',
            title: 'Failed to change password',
            description: parsed?.message ?? 'Please try again',
          })
        },
      },
    )
  }

  return (
    <AuthLayout>
      <Card className="border-border/60 bg-card/80 shadow-2xl shadow-black/40 backdrop-blur-md reduce-transparency:bg-card">
        <CardHeader className="justify-items-center text-center">
          <div className="mb-2 flex size-12 items-center justify-center rounded-xl bg-primary/15 text-primary ring-1 ring-primary/30">
            <KeyRound className="size-6" aria-hidden="true" />
          </div>
          <CardTitle as="h1" className="text-2xl tracking-tight">
            Change Password
          </CardTitle>
          <CardDescription>
            Choose a new password before you continue to the dashboard.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form
            className="grid gap-5"
            onSubmit={(event) => void form.handleSubmit(handleValid)(event)}
            noValidate
          >
            <FormField
              control={form.control}
              name="newPassword"
              label="New Password"
              type="password"
              autoComplete="new-password"
              description="At least 8 characters."
              autoFocus
            />
            <FormField
              control={form.control}
              name="confirmPassword"
              label="Confirm Password"
              type="password"
              autoComplete="new-password"
            />
            <Button
              type="submit"
              size="lg"
              className="mt-1 w-full"
              disabled={changePassword.isPending}
            >
              {changePassword.isPending ? (
                <>
                  <Spinner decorative />
                  Changing Password...
                </>
              ) : (
                'Change Password'
              )}
            </Button>
          </form>
        </CardContent>
        <CardFooter className="justify-center">
          <Button asChild variant="link" size="sm">
            <Link to="/login">Back to sign in</Link>
          </Button>
        </CardFooter>
      </Card>
    </AuthLayout>
  )
}
