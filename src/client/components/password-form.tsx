import { zodResolver } from '@hookform/resolvers/zod'
import type { ReactNode } from 'react'
import { useForm, type DefaultValues, type Path } from 'react-hook-form'
import type { z } from 'zod'
import type { ParsedApiError } from '../lib/api.ts'
import { showServerFieldErrors } from '../lib/server-field-errors.ts'
import { FormField } from './ui/form-field.tsx'
import { toast } from './ui/use-toast.ts'

type PasswordValues = Record<string, string>

export type PasswordFieldSpec<T extends PasswordValues> = {
  name: Path<T>
  label: string
  autoComplete: 'current-password' | 'new-password'
  description?: string
  /** The input's id, where the default `field-<name>` would be on the page twice. */
  id?: string
}

export type PasswordFormControls = {
  /** Puts the server's field errors under the fields, focusing the first; whether any landed. */
  showServerErrors: (apiError: ParsedApiError | undefined) => boolean
  /** A message for the whole form, shown above the buttons. */
  showFormError: (message: string) => void
  /** The server refused: its field errors on the fields, and its message (or `fallback`) as a toast. */
  refuse: (apiError: ParsedApiError | undefined, title: string, fallback: string) => void
}

type PasswordFormProps<T extends PasswordValues> = {
  /** The form's schema in src/shared: it holds the rules and their messages. */
  schema: z.ZodType<T, T>
  /** The password inputs, in order; the first takes the focus. */
  fields: readonly PasswordFieldSpec<T>[]
  onValid: (values: T, controls: PasswordFormControls) => void
  /** The buttons: the submit button and any other. */
  submit: ReactNode
  /** A line above the fields. */
  intro?: ReactNode
  className?: string
  'aria-label'?: string
}

/**
 * The one form that takes passwords (the forced and first-time changes, Settings, confirming
 * the password before two-factor set-up): its inputs, validated by the given schema, with the
 * server's errors on the fields they belong to.
 */
export function PasswordForm<T extends PasswordValues>({
  schema,
  fields,
  onValid,
  submit,
  intro,
  className,
  'aria-label': ariaLabel,
}: PasswordFormProps<T>) {
  const form = useForm<T>({
    resolver: zodResolver(schema),
    defaultValues: Object.fromEntries(fields.map(({ name }) => [name, ''])) as DefaultValues<T>,
  })
  const controls: PasswordFormControls = {
    showServerErrors: (apiError) =>
      showServerFieldErrors(
        form.setError,
        fields.map(({ name }) => name),
        apiError,
      ),
    showFormError: (message) => form.setError('root', { message }),
    refuse: (apiError, title, fallback) => {
      controls.showServerErrors(apiError)
      toast({ variant: 'destructive', title, description: apiError?.message ?? fallback })
    },
  }
  const formError = form.formState.errors.root?.message
  return (
    <form
      className={className}
      aria-label={ariaLabel}
      onSubmit={(event) => void form.handleSubmit((values) => onValid(values, controls))(event)}
      noValidate
    >
      {intro}
      {fields.map((field, index) => (
        <FormField
          key={field.name}
          control={form.control}
          name={field.name}
          id={field.id}
          label={field.label}
          type="password"
          autoComplete={field.autoComplete}
          description={field.description}
          autoFocus={index === 0}
        />
      ))}
      {formError ? (
        <p role="alert" className="text-sm text-destructive">
          {formError}
        </p>
      ) : null}
      {submit}
    </form>
  )
}
