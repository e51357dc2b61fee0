import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form'
import { Field, FieldDescription, FieldError, FieldLabel } from './field.tsx'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './select.tsx'

type FormSelectFieldProps<T extends FieldValues> = {
  control: Control<T>
  name: FieldPath<T>
  label: string
  placeholder?: string
  options: readonly { value: string; label: string }[]
  id?: string
  description?: string
}

/**
 * A labelled select bound to react-hook-form: the trigger (role combobox) is named by the label,
 * carries aria-invalid while invalid and points at its error through aria-describedby.
 */
export function FormSelectField<T extends FieldValues>({
  control,
  name,
  label,
  placeholder,
  options,
  id,
  description,
}: FormSelectFieldProps<T>) {
  const triggerId = id ?? `field-${name}`
  const errorId = `${triggerId}-error`
  const descriptionId = `${triggerId}-description`
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Field data-invalid={fieldState.invalid}>
          <FieldLabel htmlFor={triggerId}>{label}</FieldLabel>
          <Select
            name={field.name}
            value={typeof field.value === 'string' ? field.value : ''}
            onValueChange={field.onChange}
            disabled={field.disabled}
          >
            <SelectTrigger
              id={triggerId}
              ref={field.ref}
              onBlur={field.onBlur}
              aria-invalid={fieldState.invalid}
              aria-describedby={
                fieldState.invalid ? errorId : description === undefined ? undefined : descriptionId
              }
            >
              <SelectValue placeholder={placeholder} />
            </SelectTrigger>
            <SelectContent>
              {options.map((option) => (
                <SelectItem key={option.value} value={option.value}>
                  {option.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          {description !== undefined && !fieldState.invalid ? (
            <FieldDescription id={descriptionId}>{description}</FieldDescription>
          ) : null}
          <FieldError id={errorId} errors={[fieldState.error?.message]} />
        </Field>
      )}
    />
  )
}
