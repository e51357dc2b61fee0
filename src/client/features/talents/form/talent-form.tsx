import { zodResolver } from '@hookform/resolvers/zod'
import { useCallback, useEffect, useId, useState } from 'react'
import { Controller, useForm, type FieldErrors, type Resolver } from 'react-hook-form'
import {
  AREAS,
  SENIORITY_LEVELS,
  talentInputSchema,
  type Talent,
  type TalentFormValues,
  type TalentInput,
} from '#shared/talent.ts'
import { Button } from '../../../components/ui/button.tsx'
import { FormField } from '../../../components/ui/form-field.tsx'
import { FormSelectField } from '../../../components/ui/form-select-field.tsx'
import { FormTextareaField } from '../../../components/ui/form-textarea-field.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { cn } from '../../../lib/cn.ts'
import { useTalentFormParts } from '../parts.ts'
import { StatusCheckboxGrid } from './status-checkbox-grid.tsx'
import { TagPicker } from './tag-picker.tsx'
import { capitalizeWords, talentToFormValues } from './talent-form-values.ts'
import {
  DEFAULT_LAWFUL_BASIS,
  FORM_DEFAULT_SOURCE,
  PRIVACY_SOURCES,
  SOURCE_LABELS,
} from '#shared/privacy.ts'
import { useTalentFormSubmit } from './use-talent-form-submit.ts'
import { useCvPrefill } from './use-cv-prefill.ts'

const AREA_OPTIONS = AREAS.map((area) => ({ value: area, label: capitalizeWords(area) }))
const SOURCE_OPTIONS = PRIVACY_SOURCES.map((value) => ({ value, label: SOURCE_LABELS[value] }))
const LEVEL_OPTIONS = SENIORITY_LEVELS.map((level) => ({
  value: level,
  label: capitalizeWords(level),
}))

// The shared schema's own messages win (spec section 5); an unchosen select gets zod's generic
// 'Required' (spec: "generic schema default messages such as 'Required' may appear") instead of
// a list of every allowed value.
const resolver = zodResolver(talentInputSchema, {
  error: (issue) => (issue.input === undefined ? 'Required' : undefined),
})

type CustomFieldCheck = (values: Record<string, unknown>) => Record<string, string>

/** The custom fields part's check, handed over once its definitions are loaded. */
class CustomChecks {
  private check: CustomFieldCheck | null = null
  set(check: CustomFieldCheck | null) {
    this.check = check
  }
  run(values: Record<string, unknown>): Record<string, string> {
    return this.check?.(values) ?? {}
  }
}

/**
 * The shared schema's check, then the custom fields' (security rule 66): their schema is built
 * from the definitions, which the custom fields part hands over once loaded.
 */
function withCustomFields(checks: CustomChecks): Resolver<TalentFormValues, unknown, TalentInput> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options)
    const customErrors = checks.run(values.customFields ?? {})
    const keys = Object.keys(customErrors)
    if (keys.length === 0) return result
    const fieldErrors = Object.fromEntries(
      keys.map((key) => [key, { type: 'custom', message: customErrors[key] }]),
    )
    const errors = {
      ...(Object.keys(result.errors).length > 0 ? result.errors : {}),
      customFields: fieldErrors,
    } as FieldErrors<TalentFormValues>
    return { values: {}, errors }
  }
}

export type TalentFormProps = {
  /** null adds a talent; a talent edits it. */
  talent: Talent | null
  onCancel: () => void
  onSaved: (saved: Talent) => void
  className?: string
  /** Put the cursor in the first field once the form is on screen (the desktop dialog). */
  focusFirstField?: boolean
}

const NO_VALUES: Record<string, unknown> = {}

/** The hint on a field 'Add from CV' filled: the person checks it. */
const FROM_CV = 'Read from the CV — please check'

/** The add/edit talent form (spec section 2), hosted by the Add page and the add/edit dialogs. */
export function TalentForm({
  talent,
  onCancel,
  onSaved,
  className,
  focusFirstField = false,
}: TalentFormProps) {
  const { CvPrefill, DuplicateWarning, CustomFieldInputs } = useTalentFormParts()
  const id = useId()
  // Filled in by the part, read by the resolver at validation time (never during render).
  const [customChecks] = useState(() => new CustomChecks())
  const [formResolver] = useState(() => withCustomFields(customChecks))
  const onCustomCheck = useCallback(
    (check: CustomFieldCheck | null) => customChecks.set(check),
    [customChecks],
  )
  const form = useForm<TalentFormValues, unknown, TalentInput>({
    resolver: formResolver,
    // A new talent's privacy record starts as "sourced" (security rule 49); the Privacy tab
    // edits an existing one.
    defaultValues:
      talent === null
        ? {
            ...talentToFormValues(null),
            privacy: { source: FORM_DEFAULT_SOURCE, lawfulBasis: DEFAULT_LAWFUL_BASIS },
          }
        : talentToFormValues(talent),
  })
  const { setFocus } = form
  // The form's code may arrive after its dialog opened (talent-form-dialog.tsx), so the dialog
  // cannot focus the first field itself; the form does, when it mounts.
  useEffect(() => {
    if (focusFirstField) setFocus('fullName')
  }, [focusFirstField, setFocus])
  const { submit, isPending, isSaved, formError, erasedWarning, dismissErasedWarning } =
    useTalentFormSubmit({ talent, form, onSaved })
  const isEdit = talent !== null
  const prefill = useCvPrefill(form)
  const hint = (field: string) => (prefill.filled.has(field) ? FROM_CV : undefined)
  const idle = isEdit ? 'Update Talent' : 'Save Talent'
  const busy = isEdit ? 'Updating...' : 'Saving...'

  return (
    <form
      className={cn('flex min-h-0 flex-1 flex-col', className)}
      onSubmit={(event) => void form.handleSubmit((values) => submit(values))(event)}
      noValidate
    >
      <div className="grid min-h-0 flex-1 content-start gap-5 overflow-y-auto px-6 py-5">
        {isEdit ? null : <CvPrefill onParsed={prefill.apply} onAttachedElsewhere={onCancel} />}
        <div className="grid items-start gap-5 sm:grid-cols-2">
          <FormField
            control={form.control}
            name="fullName"
            id={`${id}-full-name`}
            description={hint('fullName')}
            label="Full Name *"
            autoComplete="off"
          />
          <FormField
            control={form.control}
            name="email"
            id={`${id}-email`}
            description={hint('email')}
            label="Email *"
            type="email"
            autoComplete="off"
          />
          <FormField
            control={form.control}
            name="phone"
            id={`${id}-phone`}
            description={hint('phone')}
            label="Phone Number"
            type="tel"
            autoComplete="off"
          />
          <FormField
            control={form.control}
            name="linkedinUrl"
            id={`${id}-linkedin`}
            description={hint('linkedinUrl')}
            label="LinkedIn URL"
            type="url"
            placeholder="https://www.linkedin.com/in/…"
            autoComplete="off"
          />
          <FormSelectField
            control={form.control}
            name="areaOfInterest"
            id={`${id}-area`}
            description={hint('areaOfInterest')}
            label="Area of Interest *"
            placeholder="Select an area"
            options={AREA_OPTIONS}
          />
          <FormSelectField
            control={form.control}
            name="seniorityLevel"
            id={`${id}-level`}
            description={hint('seniorityLevel')}
            label="Seniority Level *"
            placeholder="Select a level"
            options={LEVEL_OPTIONS}
          />
          {isEdit ? null : (
            <FormSelectField
              control={form.control}
              name="privacy.source"
              id={`${id}-source`}
              label="Source"
              description="How they came into the pool (edit the rest on the Privacy tab)"
              options={SOURCE_OPTIONS}
            />
          )}
        </div>
        <DuplicateWarning control={form.control} excludeId={talent?.id} />
        <CustomFieldInputs
          control={form.control}
          idPrefix={id}
          existing={talent?.customFields ?? NO_VALUES}
          onCheck={onCustomCheck}
        />
        <Controller
          control={form.control}
          name="tags"
          render={({ field, fieldState }) => (
            <TagPicker
              value={field.value ?? []}
              onChange={field.onChange}
              error={fieldState.error?.message}
            />
          )}
        />
        <Controller
          control={form.control}
          name="status"
          render={({ field, fieldState }) => (
            <StatusCheckboxGrid
              idPrefix={`${id}-status`}
              value={field.value ?? []}
              onChange={field.onChange}
              error={fieldState.error?.message}
            />
          )}
        />
        <FormTextareaField
          control={form.control}
          name="notes"
          id={`${id}-notes`}
          label="Notes"
          rows={3}
          placeholder="Anything worth remembering about this talent"
        />
      </div>
      {erasedWarning === undefined ? null : (
        <div
          role="alert"
          className="mx-6 mb-3 grid gap-2 rounded-md border border-destructive/50 bg-destructive/10 px-3 py-2 text-sm text-destructive"
        >
          <p className="font-medium">{erasedWarning}</p>
          <p>Add them again only if they asked to be back in the pool.</p>
          <div className="flex gap-2">
            <Button
              type="button"
              variant="destructive"
              size="sm"
              disabled={isPending}
              onClick={() => {
                dismissErasedWarning()
                void form.handleSubmit((values) => submit(values, true))()
              }}
            >
              Add anyway
            </Button>
            <Button type="button" variant="outline" size="sm" onClick={dismissErasedWarning}>
              Keep them out
            </Button>
          </div>
        </div>
      )}
      {/* Outside the scrolling fields, so a refusal such as the stale-edit 409 is always seen. */}
      {formError === undefined ? null : (
        <p
          role="alert"
          className="mx-6 mb-3 rounded-md border border-destructive/50 bg-destructive/10 px-3 py-2 text-sm font-medium text-destructive"
        >
          {formError}
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 border-t bg-popover px-6 py-4 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={isPending || isSaved}>
          {isPending ? (
            <>
              <Spinner decorative />
              {busy}
            </>
          ) : (
            idle
          )}
        </Button>
      </div>
    </form>
  )
}
