import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../components/ui/select.tsx'

type Choice = { value: string; label: string }

type ChoiceSelectProps = {
  label: string
  value: string
  choices: readonly Choice[]
  onChange: (value: string) => void
  placeholder?: string
}

/** A labelled select of a few choices: a column's field, a file value's list value. */
export function ChoiceSelect({ label, value, choices, onChange, placeholder }: ChoiceSelectProps) {
  return (
    <Select value={value} onValueChange={onChange}>
      <SelectTrigger aria-label={label} size="sm" className="min-w-48">
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent>
        {choices.map((choice) => (
          <SelectItem key={choice.value} value={choice.value}>
            {choice.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  )
}
