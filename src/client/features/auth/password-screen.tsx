import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '../../components/ui/card.tsx'
import type { PasswordFieldSpec } from '../../components/password-form.tsx'
import { Button } from '../../components/ui/button.tsx'
import { Spinner } from '../../components/ui/spinner.tsx'
import { AuthLayout } from './auth-layout.tsx'

type PasswordScreenProps = {
  icon: LucideIcon
  title: string
  description: string
  children: ReactNode
  footer?: ReactNode
}

/** A password screen before the dashboard: the auth frame, and a card with its icon and title. */
export function PasswordScreen({
  icon: Icon,
  title,
  description,
  children,
  footer,
}: PasswordScreenProps) {
  return (
    <AuthLayout>
      <Card className="border-border/60 bg-card/80 shadow-2xl shadow-black/40 backdrop-blur-md reduce-transparency:bg-card">
        <CardHeader className="justify-items-center text-center">
          <div className="mb-2 flex size-12 items-center justify-center rounded-xl bg-primary/15 text-primary ring-1 ring-primary/30">
            <Icon className="size-6" aria-hidden="true" />
          </div>
          <CardTitle as="h1" className="text-2xl tracking-tight">
            {title}
          </CardTitle>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent>{children}</CardContent>
        {footer ? <CardFooter className="justify-center">{footer}</CardFooter> : null}
      </Card>
    </AuthLayout>
  )
}

type SubmitProps = { isBusy: boolean; busyLabel: string; children: string }

/** The card's full-width submit button, with a spinner while its request is out. */
export function PasswordScreenSubmit({ isBusy, busyLabel, children }: SubmitProps) {
  return (
    <Button type="submit" size="lg" className="mt-1 w-full" disabled={isBusy}>
      {isBusy ? (
        <>
          <Spinner decorative />
          {busyLabel}
        </>
      ) : (
        children
      )}
    </Button>
  )
}

/** The new password, with its rule as the hint, and its confirmation. */
export function newPasswordFields(
  hint: string,
): PasswordFieldSpec<{ newPassword: string; confirmPassword: string }>[] {
  return [
    { name: 'newPassword', label: 'New Password', autoComplete: 'new-password', description: hint },
    { name: 'confirmPassword', label: 'Confirm Password', autoComplete: 'new-password' },
  ]
}
