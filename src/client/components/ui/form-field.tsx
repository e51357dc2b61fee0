import type { ComponentProps } from 'react'
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form'
import { Field, FieldDescription, FieldError, FieldLabel } from './field.tsx'
import { Input } from './input.tsx'

type FormFieldProps<T extends FieldValues> = Omit<
  ComponentProps<typeof Input>,
  'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur'
> & {
  control: Control<T>
  name: FieldPath<T>
  label: string
  description?: string
}

/**
 * A labelled text input bound to react-hook-form: the label is tied to the input, the error is
 * announced through aria-describedby and the input carries aria-invalid while it is invalid.
 */
export function FormField<T extends FieldValues>({
  control,
  name,
  label,
  description,
  id,
  ...inputProps
}: FormFieldProps<T>) {
  const inputId = id ?? `field-${name}`
  const descriptionId = `${inputId}-description`
  const errorId = `${inputId}-error`
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const showDescription = description !== undefined && !fieldState.invalid
        const describedBy = [
          showDescription ? descriptionId : '',
          fieldState.invalid ? errorId : '',
        ]
          .filter((part) => part !== '')
          .join(' ')
        return (
          <Field data-invalid={fieldState.invalid}>
            <FieldLabel htmlFor={inputId}>{label}</FieldLabel>
            <Input
              {...inputProps}
              {...field}
              value={shownValue(field.value)}
              id={inputId}
              aria-invalid={fieldState.invalid}
              aria-describedby={describedBy === '' ? undefined : describedBy}
            />
            {/* The hint gives way to the error, so one line of help shows at a time. */}
            {showDescription ? (
              <FieldDescription id={descriptionId}>{description}</FieldDescription>
            ) : null}
            <FieldError id={errorId} errors={[fieldState.error?.message]} />
          </Field>
        )
      }}
    />
  )
}

/** What the input shows: a stored number (a setting's 24 months) as its digits, nothing else. */
function shownValue(value: unknown): string {
  if (typeof value === 'string') return value
  if (typeof value === 'number' && Number.isFinite(value)) return String(value)
  return ''
}
