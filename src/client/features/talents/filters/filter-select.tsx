import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../../components/ui/select.tsx'
import { Label } from '../../../components/ui/label.tsx'
import { ALL } from './use-talent-filters.ts'

type FilterSelectProps = {
  id: string
  label: string
  /** The 'all' choice that clears this filter (spec section 4), e.g. 'All Areas'. */
  allLabel: string
  value: string
  options: readonly { value: string; label: string }[]
  onChange: (value: string) => void
}

/** One labelled filter select with its 'all' option first. */
export function FilterSelect({ id, label, allLabel, value, options, onChange }: FilterSelectProps) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Select value={value === '' ? ALL : value} onValueChange={onChange}>
        <SelectTrigger id={id}>
          <SelectValue placeholder={allLabel} />
        </SelectTrigger>
        <SelectContent className="max-h-72">
          <SelectItem value={ALL}>{allLabel}</SelectItem>
          {options.map((option) => (
            <SelectItem key={option.value} value={option.value}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  )
}
