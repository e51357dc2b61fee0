import { TALENT_STATUSES, type TalentStatus } from '#shared/talent.ts'
import { Checkbox } from '../../../components/ui/checkbox.tsx'
import { Label } from '../../../components/ui/label.tsx'
import { toggleName } from './talent-form-values.ts'

type StatusCheckboxGridProps = {
  value: readonly TalentStatus[]
  onChange: (value: TalentStatus[]) => void
  /** Prefix for the checkbox ids, unique per form on the page. */
  idPrefix?: string
  error?: string
}

/** The talent's statuses as a grid of checkboxes, freely toggled (spec sections 2 and 4). */
export function StatusCheckboxGrid({
  value,
  onChange,
  idPrefix = 'status',
  error,
}: StatusCheckboxGridProps) {
  const errorId = `${idPrefix}-error`
  return (
    <fieldset
      className="grid gap-3"
      aria-invalid={error === undefined ? undefined : true}
      aria-describedby={error === undefined ? undefined : errorId}
    >
      <legend className="mb-2 text-sm leading-none font-medium">Status</legend>
      <div className="grid grid-cols-1 gap-x-4 gap-y-3 sm:grid-cols-2">
        {TALENT_STATUSES.map((status, index) => {
          const id = `${idPrefix}-${index}`
          return (
            <div key={status} className="flex items-center gap-2">
              <Checkbox
                id={id}
                checked={value.includes(status)}
                onCheckedChange={(checked) => onChange(toggleName(value, status, checked === true))}
              />
              <Label htmlFor={id} className="font-normal">
                {status}
              </Label>
            </div>
          )
        })}
      </div>
      {error === undefined ? null : (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  )
}
