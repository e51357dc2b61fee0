import { zodResolver } from '@hookform/resolvers/zod'
import { useQuery } from '@tanstack/react-query'
import { Mail } from 'lucide-react'
import { useEffect } from 'react'
import { useForm } from 'react-hook-form'
import {
  privacyRequestSettingsSchema,
  TEMPLATE_PLACEHOLDERS,
  type PrivacyRequestSettings,
  type PrivacyRequestSettingsForm,
} from '#shared/privacy-requests.ts'
import { Button } from '../../components/ui/button.tsx'
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card.tsx'
import { FormField } from '../../components/ui/form-field.tsx'
import { FormSwitchField } from '../../components/ui/form-switch-field.tsx'
import { FormTextareaField } from '../../components/ui/form-textarea-field.tsx'
import { LoadError } from '../../components/ui/load-error.tsx'
import { Skeleton } from '../../components/ui/skeleton.tsx'
import { toast } from '../../components/ui/use-toast.ts'
import { parseApiError } from '../../lib/api.ts'
import { showServerFieldErrors } from '../../lib/server-field-errors.ts'
import { requestSettingsOptions, useSaveRequestSettings } from './requests-api.ts'

const FIELDS = [
  'company',
  'noticeSubject',
  'noticeBody',
  'consentSubject',
  'consentBody',
  'consentMonths',
  'linkDays',
  'eraseAtOnce',
] as const

function SettingsForm({ settings }: { settings: PrivacyRequestSettings }) {
  const form = useForm<PrivacyRequestSettingsForm, unknown, PrivacyRequestSettings>({
    resolver: zodResolver(privacyRequestSettingsSchema),
    defaultValues: settings,
  })
  const { reset, setError } = form
  useEffect(() => reset(settings), [settings, reset])
  const save = useSaveRequestSettings()

  return (
    <form
      noValidate
      aria-label="Privacy e-mails"
      className="grid gap-4"
      onSubmit={(event) =>
        void form.handleSubmit((values) =>
          save.mutate(values, {
            onSuccess: () => toast({ title: 'Privacy e-mails saved' }),
            onError: (error) => {
              const apiError = parseApiError(error)
              if (showServerFieldErrors(setError, FIELDS, apiError)) return
              toast({
                variant: 'destructive',
                title: 'Could not save the privacy e-mails',
                description: apiError?.message ?? 'Please try again.',
              })
            },
          }),
        )(event)
      }
    >
      <FormField control={form.control} name="company" label="Company name" />
      <FormField control={form.control} name="noticeSubject" label="Notice subject" />
      <FormTextareaField control={form.control} name="noticeBody" label="Notice message" rows={8} />
      <FormField control={form.control} name="consentSubject" label="Consent subject" />
      <FormTextareaField
        control={form.control}
        name="consentBody"
        label="Consent message"
        rows={8}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          control={form.control}
          name="consentMonths"
          label="Consent lasts (months)"
          type="number"
          inputMode="numeric"
          description="Confirming on the page sets valid-until this far ahead"
        />
        <FormField
          control={form.control}
          name="linkDays"
          label="Links work for (days)"
          type="number"
          inputMode="numeric"
        />
      </div>
      <FormSwitchField
        control={form.control}
        name="eraseAtOnce"
        label="Erase at once"
        description="A person who asks to be removed on their page is erased immediately, instead of waiting under Erasure requests"
      />
      <div>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save privacy e-mails'}
        </Button>
      </div>
    </form>
  )
}

/**
 * Settings → Privacy (admins): the notice and consent e-mails' templates and the page's
 * switches (security rule 59, 62).
 */
export function RequestSettingsCard() {
  const query = useQuery(requestSettingsOptions())
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <Mail className="size-4 text-primary" aria-hidden="true" />
          Privacy e-mails
        </CardTitle>
        <CardDescription>
          What 'Send privacy notice' and 'Ask for consent' send. Plain text; these placeholders are
          filled in: {TEMPLATE_PLACEHOLDERS.join(', ')}.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <Skeleton className="h-64 w-full" />
        ) : query.isError ? (
          <LoadError
            title="Could not load the privacy e-mails."
            onRetry={() => void query.refetch()}
            isRetrying={query.isFetching}
          />
        ) : (
          <SettingsForm settings={query.data} />
        )}
      </CardContent>
    </Card>
  )
}
