import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { Controller, type Control } from 'react-hook-form'
import type { TalentFormValues } from '#shared/talent.ts'
import { fieldValueErrors, type FieldDefinition } from '#shared/fields.ts'
import { Checkbox } from '../../components/ui/checkbox.tsx'
import { Field, FieldDescription, FieldError, FieldLabel } from '../../components/ui/field.tsx'
import { Input } from '../../components/ui/input.tsx'
import { Label } from '../../components/ui/label.tsx'
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../components/ui/select.tsx'
import { Textarea } from '../../components/ui/textarea.tsx'
import { fieldsOptions } from './api.ts'

/** Checks a form's custom field values; messages by key (the server's own, security rule 66). */
export type CustomFieldCheck = (values: Record<string, unknown>) => Record<string, string>

export type CustomFieldInputsProps = {
  control: Control<TalentFormValues>
  idPrefix: string
  /** The talent's stored values (an edit): its retired choices stay valid. */
  existing: Record<string, unknown>
  /** The form runs this check with its own (security rule 66: the same messages as the server). */
  onCheck: (check: CustomFieldCheck | null) => void
}

const NONE = '__none__'

function Control1({
  definition,
  control,
  id,
}: {
  definition: FieldDefinition
  control: Control<TalentFormValues>
  id: string
}) {
  const name = `customFields.${definition.key}` as const
  const label = `${definition.label}${definition.required ? ' *' : ''}`
  const errorId = `${id}-error`
  const helpId = `${id}-help`
  const help = definition.help ?? undefined
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const describedBy = fieldState.invalid ? errorId : help ? helpId : undefined
        const common = {
          id,
          onBlur: field.onBlur,
          'aria-invalid': fieldState.invalid,
          'aria-describedby': describedBy,
        }
        const value: unknown = field.value
        let input
        switch (definition.type) {
          case 'long_text':
            input = (
              <Textarea
                {...common}
                ref={field.ref}
                rows={3}
                value={typeof value === 'string' ? value : ''}
                onChange={(e) => field.onChange(e.target.value)}
              />
            )
            break
          case 'number':
            input = (
              <div className="flex items-center gap-2">
                <Input
                  {...common}
                  ref={field.ref}
                  type="number"
                  inputMode="decimal"
                  value={typeof value === 'number' ? String(value) : ''}
                  onChange={(e) =>
                    field.onChange(e.target.value === '' ? null : Number(e.target.value))
                  }
                />
                {definition.unit ? (
                  <span className="text-sm text-muted-foreground">{definition.unit}</span>
                ) : null}
              </div>
            )
            break
          case 'yes_no':
          case 'single_choice': {
            const options =
              definition.type === 'yes_no'
                ? [
                    { value: 'yes', label: 'Yes' },
                    { value: 'no', label: 'No' },
                  ]
                : definition.choices
                    .filter((c) => !c.retired || c.value === value)
                    .map((c) => ({ value: c.value, label: c.label }))
            const current =
              definition.type === 'yes_no'
                ? value === true
                  ? 'yes'
                  : value === false
                    ? 'no'
                    : ''
                : typeof value === 'string'
                  ? value
                  : ''
            input = (
              <Select
                value={current}
                onValueChange={(next) =>
                  field.onChange(
                    next === NONE ? null : definition.type === 'yes_no' ? next === 'yes' : next,
                  )
                }
              >
                <SelectTrigger {...common} ref={field.ref}>
                  <SelectValue placeholder="Not set" />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={NONE}>Not set</SelectItem>
                  {options.map((o) => (
                    <SelectItem key={o.value} value={o.value}>
                      {o.label}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )
            break
          }
          case 'multiple_choice': {
            const chosen = Array.isArray(value) ? value.map(String) : []
            input = (
              <div
                role="group"
                aria-labelledby={`${id}-label`}
                aria-describedby={describedBy}
                className="flex flex-wrap gap-x-4 gap-y-2"
              >
                {definition.choices
                  .filter((c) => !c.retired || chosen.includes(c.value))
                  .map((c) => (
                    <Label key={c.value} className="flex items-center gap-2 font-normal">
                      <Checkbox
                        checked={chosen.includes(c.value)}
                        onCheckedChange={(on) =>
                          field.onChange(
                            on === true
                              ? [...chosen, c.value]
                              : chosen.filter((v) => v !== c.value),
                          )
                        }
                      />
                      {c.label}
                    </Label>
                  ))}
              </div>
            )
            break
          }
          default:
            input = (
              <Input
                {...common}
                ref={field.ref}
                type={
                  definition.type === 'date'
                    ? 'date'
                    : definition.type === 'email'
                      ? 'email'
                      : definition.type === 'url'
                        ? 'url'
                        : definition.type === 'phone'
                          ? 'tel'
                          : 'text'
                }
                autoComplete="off"
                value={typeof value === 'string' ? value : ''}
                onChange={(e) => field.onChange(e.target.value)}
              />
            )
        }
        return (
          <Field data-invalid={fieldState.invalid}>
            {definition.type === 'multiple_choice' ? (
              <span id={`${id}-label`} className="text-sm leading-none font-medium">
                {label}
              </span>
            ) : (
              <FieldLabel htmlFor={id}>{label}</FieldLabel>
            )}
            {input}
            {help && !fieldState.invalid ? (
              <FieldDescription id={helpId}>{help}</FieldDescription>
            ) : null}
            <FieldError id={errorId} errors={[fieldState.error?.message]} />
          </Field>
        )
      }}
    />
  )
}

/**
 * The talent form's custom fields, in their order, each with the control of its type. The
 * form's resolver runs `onCheck`'s check, built from the same definitions as the server's.
 */
export function CustomFieldInputs({
  control,
  idPrefix,
  existing,
  onCheck,
}: CustomFieldInputsProps) {
  const query = useQuery(fieldsOptions())
  const definitions = query.data
  useEffect(() => {
    if (definitions === undefined) {
      onCheck(null)
      return
    }
    onCheck((values) => fieldValueErrors(definitions, values, { existing, requireRequired: true }))
    return () => onCheck(null)
  }, [definitions, existing, onCheck])
  if (query.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        Could not load the custom fields.
      </p>
    )
  }
  if (definitions === undefined || definitions.length === 0) return null
  return (
    <fieldset className="grid gap-5 border-t pt-4">
      <legend className="sr-only">Custom fields</legend>
      <div className="grid items-start gap-5 sm:grid-cols-2">
        {definitions.map((definition) => (
          <Control1
            key={definition.id}
            definition={definition}
            control={control}
            id={`${idPrefix}-cf-${definition.key}`}
          />
        ))}
      </div>
    </fieldset>
  )
}
