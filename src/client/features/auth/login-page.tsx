import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import type { LoginResponse } from '#shared/auth.ts'
import { useNavigate } from 'react-router'
import { Sparkles } from 'lucide-react'
import { Button } from '../../components/ui/button.tsx'
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card.tsx'
import { Input } from '../../components/ui/input.tsx'
import { Label } from '../../components/ui/label.tsx'
import { Spinner } from '../../components/ui/spinner.tsx'
import { toast } from '../../components/ui/use-toast.ts'
import { fetchJson, parseApiError } from '../../lib/api.ts'
import { takeOverSignIn } from '../../lib/early-requests.ts'
import { onFirstInput } from '../../lib/first-input.ts'
import { EARLY_SIGN_IN_ATTRIBUTE, LOGIN_FORM_ATTRIBUTE } from '../../boot/drawn-sign-in.ts'
import { AuthLayout } from './auth-layout.tsx'
import { useLogin } from './api.ts'
import { LoginCodeStep } from './two-factor/login-code-step.tsx'
import { LoginEnrolStep } from './two-factor/login-enrol-step.tsx'

/** spec section 8: the server's message, else 'Invalid credentials'; see the catalogue for the rest. */
function loginFailureDescription(error: unknown): string {
  const parsed = parseApiError(error)
  if (parsed === undefined) return 'Please try again'
  if (!parsed.isJson) return 'Login failed'
  return parsed.message ?? 'Invalid credentials'
}

function textValue(data: FormData, name: string): string {
  const value = data.get(name)
  return typeof value === 'string' ? value : ''
}

/** spec section 7: a second current-user call 1 s after login, for diagnostics only. */
function logCurrentUserLater(): void {
  setTimeout(() => {
    fetchJson('/api/auth/me', { on401: 'returnNull' }).then(
      // eslint-disable-next-line no-console -- spec section 7: "its result is just logged"
      (user) => console.debug('[scout] current user after login', user),
      // eslint-disable-next-line no-console -- spec section 7: diagnostics only
      (error: unknown) => console.debug('[scout] current user check failed', error),
    )
  }, 1_000)
}

type Step = { kind: 'password' } | { kind: 'code' | 'enrol'; mfaToken: string }

function hasTypedValue(form: HTMLFormElement): boolean {
  return [...form.elements].some((field) => field instanceof HTMLInputElement && field.value !== '')
}

type LoginPageProps = {
  /** Starts loading the first signed-in screen's code (app/ knows which screen that is). */
  preloadDashboardCode: () => void
  /** Starts that screen's first data once the person is signed in. */
  prefetchDashboardData: (queryClient: QueryClient) => void
}

export function LoginPage({ preloadDashboardCode, prefetchDashboardData }: LoginPageProps) {
  const [step, setStep] = useState<Step>({ kind: 'password' })
  const navigate = useNavigate()
  const login = useLogin()
  const queryClient = useQueryClient()
  // While the person types, fetch the dashboard's code (first cards within 1 s of
  // signing in). Not at submit: the browser's 6 connections would queue the login behind it.
  // Not at load either: evaluating it there was most of the login screen's blocking time on a
  // slow phone (Lighthouse, docs/performance.md), for visitors who may never sign in.
  const form = useRef<HTMLFormElement>(null)
  useEffect(() => {
    // Typed into the prerendered form (login.html) before this code ran: that input is past.
    if (form.current && hasTypedValue(form.current)) preloadDashboardCode()
    else return onFirstInput(preloadDashboardCode)
  }, [preloadDashboardCode])
  const inFlight = useRef(false)

  function signedIn({ user }: LoginResponse) {
    toast({ title: 'Login successful!', description: 'Welcome to Scout' })
    logCurrentUserLater()
    if (!user.mustChangePassword) prefetchDashboardData(queryClient)
    void navigate(user.mustChangePassword ? '/change-password' : '/dashboard', {
      replace: true,
    })
  }
  const restart = () => setStep({ kind: 'password' })

  function submit(email: string, password: string) {
    // spec section 5: a second submit is ignored while one is in flight.
    if (inFlight.current) return
    if (email === '' || password === '') {
      toast({
        variant: 'destructive',
        title: 'Missing credentials',
        description: 'Please enter both email and password',
      })
      return
    }
    inFlight.current = true
    login.mutate(
      { email, password },
      {
        onSuccess: (result) => {
          // A second factor may be due before the session.
          // Signed in: the screen is on its way out, so a submit queued behind this one (a
          // second Enter) is not a new sign-in; only the steps that stay here take submits again.
          if ('mfaRequired' in result) setStep({ kind: 'code', mfaToken: result.mfaToken })
          else if ('mfaEnrollmentRequired' in result) {
            setStep({ kind: 'enrol', mfaToken: result.mfaToken })
          } else return signedIn(result)
          inFlight.current = false
        },
        onError: (error) => {
          inFlight.current = false
          toast({
            variant: 'destructive',
            title: 'Login failed',
            description: loginFailureDescription(error),
          })
        },
      },
    )
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    submit(textValue(data, 'email').trim(), textValue(data, 'password'))
  }

  // Prerendered (login.html): until now the boot script took the form's submits, and sent the
  // sign-in (boot/drawn-sign-in.ts). From here this screen takes them, and finishes a sign-in
  // the boot script sent through the same code as its own: the request is not sent again
  // (lib/early-requests.ts), the toasts, stored values and next step are this screen's.
  const submitEarly = useRef(submit)
  useEffect(() => {
    const early = takeOverSignIn()
    document.documentElement.removeAttribute(EARLY_SIGN_IN_ATTRIBUTE)
    if (early !== undefined) submitEarly.current(early.email, early.password)
  }, [])

  return (
    <AuthLayout>
      <Card className="border-border/60 bg-card/80 shadow-2xl shadow-black/40 backdrop-blur-md reduce-transparency:bg-card">
        <CardHeader className="justify-items-center text-center">
          <div className="mb-2 flex size-12 items-center justify-center rounded-xl bg-primary/15 text-primary ring-1 ring-primary/30">
            <Sparkles className="size-6" aria-hidden="true" />
          </div>
          <CardTitle as="h1" className="text-3xl tracking-tight">
            Scout
          </CardTitle>
          <CardDescription>Talent Pool Management</CardDescription>
        </CardHeader>
        <CardContent>
          {step.kind === 'code' ? (
            <LoginCodeStep mfaToken={step.mfaToken} onSignedIn={signedIn} onRestart={restart} />
          ) : step.kind === 'enrol' ? (
            <LoginEnrolStep mfaToken={step.mfaToken} onSignedIn={signedIn} onRestart={restart} />
          ) : (
            <form
              ref={form}
              className="grid gap-5"
              onSubmit={handleSubmit}
              noValidate
              {...{ [LOGIN_FORM_ATTRIBUTE]: '' }}
            >
              <div className="grid gap-2">
                <Label htmlFor="login-email">Email</Label>
                <Input
                  id="login-email"
                  name="email"
                  type="email"
                  autoComplete="username"
                  inputMode="email"
                  placeholder="Enter your email"
                  autoFocus
                />
              </div>
              <div className="grid gap-2">
                <Label htmlFor="login-password">Password</Label>
                <Input
                  id="login-password"
                  name="password"
                  type="password"
                  autoComplete="current-password"
                  placeholder="Enter your password"
                />
              </div>
              <Button type="submit" size="lg" className="mt-1 w-full" disabled={login.isPending}>
                {login.isPending ? (
                  <>
                    <Spinner decorative />
                    Signing in...
                  </>
                ) : (
                  'Sign in'
                )}
              </Button>
            </form>
          )}
        </CardContent>
      </Card>
    </AuthLayout>
  )
}
