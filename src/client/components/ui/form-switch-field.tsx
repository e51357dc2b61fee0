import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form'
import { Field, FieldDescription, FieldError, FieldLabel } from './field.tsx'
import { Switch } from './switch.tsx'

type FormSwitchFieldProps<T extends FieldValues> = {
  control: Control<T>
  name: FieldPath<T>
  label: string
  description?: string
  id?: string
}

/**
 * A labelled on/off switch bound to react-hook-form (role switch, named by its label); a server
 * error for the field shows under it and is announced through aria-describedby.
 */
export function FormSwitchField<T extends FieldValues>({
  control,
  name,
  label,
  description,
  id,
}: FormSwitchFieldProps<T>) {
  const switchId = id ?? `field-${name}`
  const descriptionId = `${switchId}-description`
  const errorId = `${switchId}-error`
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const describedBy = [
          description === undefined ? '' : descriptionId,
          fieldState.invalid ? errorId : '',
        ]
          .filter((part) => part !== '')
          .join(' ')
        return (
          <Field data-invalid={fieldState.invalid} className="rounded-lg border px-3 py-2.5">
            <div className="flex items-center justify-between gap-4">
              <div className="grid gap-0.5">
                <FieldLabel htmlFor={switchId}>{label}</FieldLabel>
                {description === undefined ? null : (
                  <FieldDescription id={descriptionId} className="text-xs">
                    {description}
                  </FieldDescription>
                )}
              </div>
              <Switch
                id={switchId}
                ref={field.ref}
                name={field.name}
                checked={field.value === true}
                onCheckedChange={field.onChange}
                onBlur={field.onBlur}
                disabled={field.disabled}
                aria-invalid={fieldState.invalid}
                aria-describedby={describedBy === '' ? undefined : describedBy}
              />
            </div>
            <FieldError id={errorId} errors={[fieldState.error?.message]} />
          </Field>
        )
      }}
    />
  )
}
