import { useQuery } from '@tanstack/react-query'
import { labelWithUnit, type FieldDefinition } from '#shared/fields.ts'
import { Checkbox } from '../../../components/ui/checkbox.tsx'
import { Input } from '../../../components/ui/input.tsx'
import { Label } from '../../../components/ui/label.tsx'
import { Switch } from '../../../components/ui/switch.tsx'
import { filterFieldsOptions } from './field-definitions-api.ts'

type Draft = Record<string, string>
type SetField = (name: `field.${string}`, value: string) => void

const param = (field: FieldDefinition) => `field.${field.key}` as const

/** `>=2,<=5` as its two ends. */
function rangeOf(value: string): { min: string; max: string } {
  const parts = value.split(',').map((p) => p.trim())
  const min = parts.find((p) => p.startsWith('>='))?.slice(2) ?? ''
  const max = parts.find((p) => p.startsWith('<='))?.slice(2) ?? ''
  return { min, max }
}

function rangeValue(min: string, max: string): string {
  return [min.trim() && `>=${min.trim()}`, max.trim() && `<=${max.trim()}`]
    .filter(Boolean)
    .join(',')
}

function ChoiceFilter({ field, value, onChange }: FilterProps) {
  const chosen = new Set(value.split(',').filter(Boolean))
  function toggle(choice: string, on: boolean) {
    const next = new Set(chosen)
    if (on) next.add(choice)
    else next.delete(choice)
    onChange([...next].join(','))
  }
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium">{field.label}</legend>
      {field.choices
        .filter((c) => !c.retired)
        .map((choice) => {
          const id = `filter-${field.key}-${choice.value}`
          return (
            <div key={choice.value} className="flex items-center gap-2">
              <Checkbox
                id={id}
                checked={chosen.has(choice.value)}
                onCheckedChange={(checked) => toggle(choice.value, checked === true)}
              />
              <Label htmlFor={id} className="font-normal">
                {choice.label}
              </Label>
            </div>
          )
        })}
    </fieldset>
  )
}

function RangeFilter({ field, value, onChange }: FilterProps) {
  const { min, max } = rangeOf(value)
  const type = field.type === 'date' ? 'date' : 'number'
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium">{labelWithUnit(field)}</legend>
      <div className="flex items-center gap-2">
        <Input
          type={type}
          aria-label={`${field.label} from`}
          placeholder="From"
          value={min}
          onChange={(event) => onChange(rangeValue(event.target.value, max))}
        />
        <span aria-hidden="true">–</span>
        <Input
          type={type}
          aria-label={`${field.label} to`}
          placeholder="To"
          value={max}
          onChange={(event) => onChange(rangeValue(min, event.target.value))}
        />
      </div>
    </fieldset>
  )
}

function YesNoFilter({ field, value, onChange }: FilterProps) {
  const id = `filter-${field.key}`
  return (
    <div className="flex items-center gap-3 self-end">
      <Switch
        id={id}
        checked={value === 'yes'}
        onCheckedChange={(checked) => onChange(checked ? 'yes' : '')}
      />
      <Label htmlFor={id}>{`${field.label}: yes`}</Label>
    </div>
  )
}

type FilterProps = { field: FieldDefinition; value: string; onChange: (value: string) => void }

/**
 * Every custom field the viewer may see, as the panel's filters: choices as checkboxes,
 * numbers and dates as a range, yes/no as a switch (text fields are found by the search).
 */
export function CustomFieldFilters({ draft, setField }: { draft: Draft; setField: SetField }) {
  const fields = useQuery(filterFieldsOptions()).data ?? []
  return fields.map((field) => {
    const props = {
      field,
      value: draft[param(field)] ?? '',
      onChange: (value: string) => setField(param(field), value),
    }
    const Filter =
      field.type === 'single_choice' || field.type === 'multiple_choice'
        ? ChoiceFilter
        : field.type === 'number' || field.type === 'date'
          ? RangeFilter
          : field.type === 'yes_no'
            ? YesNoFilter
            : undefined
    return Filter ? <Filter key={field.key} {...props} /> : null
  })
}

/** Sort options for the number and date fields. */
export function useFieldSortOptions(): { value: string; label: string }[] {
  const fields = useQuery(filterFieldsOptions()).data ?? []
  return fields
    .filter((f) => f.type === 'number' || f.type === 'date')
    .flatMap((f) => [
      {
        value: `field.${f.key}.asc`,
        label: `${f.label} (${f.type === 'date' ? 'earliest' : 'lowest'} first)`,
      },
      {
        value: `field.${f.key}.desc`,
        label: `${f.label} (${f.type === 'date' ? 'latest' : 'highest'} first)`,
      },
    ])
}
