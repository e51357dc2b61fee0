import { zodResolver } from '@hookform/resolvers/zod'
import { PartyPopper } from 'lucide-react'
import { useRef } from 'react'
import { useForm } from 'react-hook-form'
import { firstTimePasswordFormSchema, type FirstTimePasswordForm } from '#shared/auth.ts'
import { Button } from '../../components/ui/button.tsx'
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card.tsx'
import { FormField } from '../../components/ui/form-field.tsx'
import { Spinner } from '../../components/ui/spinner.tsx'
import { toast } from '../../components/ui/use-toast.ts'
import { parseApiError } from '../../lib/api.ts'
import { useFirstTimePasswordChange } from './api.ts'
import { AuthLayout } from './auth-layout.tsx'

const FIELDS = ['newPassword', 'confirmPassword'] as const

/** Set Your Password (first time), spec section 2: success reloads the whole app at / after 500 ms. */
export function FirstTimePasswordPage() {
  const changePassword = useFirstTimePasswordChange()
  const inFlight = useRef(false)
  const form = useForm<FirstTimePasswordForm>({
    resolver: zodResolver(firstTimePasswordFormSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  })

  function handleValid({ newPassword }: FirstTimePasswordForm) {
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
          for (const field of FIELDS) {
            const message = parsed.fieldErrors[field]?.[0]
            if (message !== undefined) form.setError(field, { message })
          }
          toast({
            variant: 'destructive',
            title: 'Error',
            description: parsed.message ?? 'Failed to change password',
          })
        },
      },
    )
  }

  // The button stays busy from submit until the reload replaces the page.
  const isBusy = changePassword.isPending || changePassword.isSuccess

  return (
    <AuthLayout>
      <Card className="border-border/60 bg-card/80 shadow-2xl shadow-black/40 backdrop-blur-md reduce-transparency:bg-card">
        <CardHeader className="justify-items-center text-center">
          <div className="mb-2 flex size-12 items-center justify-center rounded-xl bg-primary/15 text-primary ring-1 ring-primary/30">
            <PartyPopper className="size-6" aria-hidden="true" />
          </div>
          <CardTitle as="h1" className="text-2xl tracking-tight">
            Set Your Password
          </CardTitle>
          <CardDescription>
            Welcome to Scout! Please choose a new password to replace your temporary one.
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
              description="At least 6 characters."
              autoFocus
            />
            <FormField
              control={form.control}
              name="confirmPassword"
              label="Confirm Password"
              type="password"
              autoComplete="new-password"
            />
            <Button type="submit" size="lg" className="mt-1 w-full" disabled={isBusy}>
              {isBusy ? (
                <>
                  <Spinner decorative />
                  Updating...
                </>
              ) : (
                'Set Password'
              )}
            </Button>
          </form>
        </CardContent>
      </Card>
    </AuthLayout>
  )
}
