import type { ComponentProps } from 'react'
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form'
import { Field, FieldError, FieldLabel } from './field.tsx'
import { Textarea } from './textarea.tsx'

type FormTextareaFieldProps<T extends FieldValues> = Omit<
  ComponentProps<typeof Textarea>,
  'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur'
> & {
  control: Control<T>
  name: FieldPath<T>
  label: string
}

/** A labelled textarea bound to react-hook-form, with aria-invalid and its error announced. */
export function FormTextareaField<T extends FieldValues>({
  control,
  name,
  label,
  id,
  ...textareaProps
}: FormTextareaFieldProps<T>) {
  const inputId = id ?? `field-${name}`
  const errorId = `${inputId}-error`
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Field data-invalid={fieldState.invalid}>
          <FieldLabel htmlFor={inputId}>{label}</FieldLabel>
          <Textarea
            {...textareaProps}
            {...field}
            value={typeof field.value === 'string' ? field.value : ''}
            id={inputId}
            aria-invalid={fieldState.invalid}
            aria-describedby={fieldState.invalid ? errorId : undefined}
          />
          <FieldError id={errorId} errors={[fieldState.error?.message]} />
        </Field>
      )}
    />
  )
}
