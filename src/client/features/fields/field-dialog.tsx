import { Plus } from 'lucide-react'
import { useId, useState, type FormEvent } from 'react'
import {
  createFieldSchema,
  deriveChoiceValue,
  FIELD_TYPE_LABELS,
  FIELD_TYPES,
  isChoiceType,
  MAX_FIELD_CHOICES,
  updateFieldSchema,
  type FieldChoice,
  type FieldDefinition,
  type FieldType,
} from '#shared/fields.ts'
import { Button } from '../../components/ui/button.tsx'
import { Checkbox } from '../../components/ui/checkbox.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog.tsx'
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
import { Spinner } from '../../components/ui/spinner.tsx'
import { Switch } from '../../components/ui/switch.tsx'
import { toast } from '../../components/ui/use-toast.ts'
import { parseApiError } from '../../lib/api.ts'
import { fetchTypeChangePreview, useCreateField, useUpdateField } from './api.ts'

type Draft = {
  label: string
  type: FieldType
  unit: string
  help: string
  required: boolean
  onCards: boolean
  private: boolean
  personalData: boolean
  choices: FieldChoice[]
}

const EMPTY: Draft = {
  label: '',
  type: 'text',
  unit: '',
  help: '',
  required: false,
  onCards: false,
  private: false,
  personalData: false,
  choices: [],
}

function draftOf(field: FieldDefinition | null): Draft {
  if (field === null) return EMPTY
  return {
    label: field.label,
    type: field.type,
    unit: field.unit ?? '',
    help: field.help ?? '',
    required: field.required,
    onCards: field.onCards,
    private: field.private,
    personalData: field.personalData,
    choices: field.choices.map((c) => ({ ...c })),
  }
}

const SWITCHES = [
  ['required', 'Required', 'A new talent cannot be saved without it'],
  ['onCards', 'Show on cards', 'Shown on the talent cards of the dashboard'],
  ['private', 'Private', 'Only admins and the talent’s adder see it'],
  ['personalData', 'Personal data', 'In the person’s data export and erased with them'],
] as const

type FieldDialogProps = {
  open: boolean
  /** null adds a field. */
  field: FieldDefinition | null
  onClose: () => void
}

/** Add or edit a custom field: label, type and its options, choices, switches. */
export function FieldDialog({ open, field, onClose }: FieldDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <DialogContent className="sm:max-w-xl">
        {open ? <FieldDialogBody key={field?.id ?? 'new'} field={field} onClose={onClose} /> : null}
      </DialogContent>
    </Dialog>
  )
}

function FieldDialogBody({
  field,
  onClose,
}: {
  field: FieldDefinition | null
  onClose: () => void
}) {
  const id = useId()
  const [draft, setDraft] = useState<Draft>(() => draftOf(field))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [formError, setFormError] = useState<string>()
  const create = useCreateField()
  const update = useUpdateField()
  const isPending = create.isPending || update.isPending
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }))

  const body = {
    label: draft.label,
    type: draft.type,
    unit: draft.type === 'number' ? draft.unit : null,
    help: draft.help,
    required: draft.required,
    onCards: draft.onCards,
    private: draft.private,
    personalData: draft.personalData,
    choices: isChoiceType(draft.type) ? draft.choices : [],
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    setFormError(undefined)
    const parsed =
      field === null
        ? createFieldSchema.safeParse(body)
        : updateFieldSchema.safeParse({ ...body, version: field.version })
    if (!parsed.success) {
      const next: Record<string, string> = {}
      for (const issue of parsed.error.issues)
        next[String(issue.path[0] ?? 'form')] ??= issue.message
      setErrors(next)
      return
    }
    setErrors({})
    try {
      if (field === null) {
        await create.mutateAsync(body)
        toast({
          title: 'Field added',
          description: `'${draft.label.trim()}' is on the talent form.`,
        })
      } else {
        if (draft.type !== field.type) {
          const preview = await fetchTypeChangePreview(field.id, draft.type)
          if (preview.wouldDrop > 0) {
            setErrors({
              type: `${preview.wouldDrop} of ${preview.withValue} values would not convert (${preview.examples.join(', ')}); the type stays.`,
            })
            return
          }
        }
        await update.mutateAsync({ id: field.id, version: field.version, ...body })
        toast({ title: 'Field saved' })
      }
      onClose()
    } catch (error) {
      const apiError = parseApiError(error)
      const next: Record<string, string> = {}
      for (const [name, messages] of Object.entries(apiError?.fieldErrors ?? {})) {
        if (messages[0] !== undefined) next[name] = messages[0]
      }
      setErrors(next)
      if (Object.keys(next).length === 0)
        setFormError(apiError?.message ?? 'Could not save the field.')
    }
  }

  function addChoice() {
    setDraft((d) => ({
      ...d,
      choices: [
        ...d.choices,
        {
          value: deriveChoiceValue(
            `choice ${d.choices.length + 1}`,
            d.choices.map((c) => c.value),
          ),
          label: '',
          retired: false,
        },
      ],
    }))
  }

  function setChoiceLabel(index: number, label: string) {
    setDraft((d) => ({
      ...d,
      choices: d.choices.map((c, i) => {
        if (i !== index) return c
        // A choice made in this dialog takes its value from its label; a saved one keeps it.
        const isSaved = field?.choices.some((saved) => saved.value === c.value) ?? false
        const others = d.choices.filter((_, j) => j !== i).map((o) => o.value)
        return {
          ...c,
          label,
          value: isSaved ? c.value : deriveChoiceValue(label || `choice ${i + 1}`, others),
        }
      }),
    }))
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4">
      <DialogHeader>
        <DialogTitle>{field === null ? 'Add field' : `Edit ${field.label}`}</DialogTitle>
        <DialogDescription>
          {field === null
            ? 'A field every talent can hold, shown on the talent form and profile.'
            : `Key: ${field.key} (never changes)`}
        </DialogDescription>
      </DialogHeader>
      <Field data-invalid={errors.label !== undefined}>
        <FieldLabel htmlFor={`${id}-label`}>Label *</FieldLabel>
        <Input
          id={`${id}-label`}
          value={draft.label}
          onChange={(e) => set('label', e.target.value)}
          aria-invalid={errors.label !== undefined}
          autoComplete="off"
        />
        <FieldError errors={[errors.label ?? errors.key]} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field data-invalid={errors.type !== undefined}>
          <FieldLabel htmlFor={`${id}-type`}>Type</FieldLabel>
          <Select value={draft.type} onValueChange={(v) => set('type', v as FieldType)}>
            <SelectTrigger id={`${id}-type`} aria-invalid={errors.type !== undefined}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {FIELD_TYPES.map((type) => (
                <SelectItem key={type} value={type}>
                  {FIELD_TYPE_LABELS[type]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <FieldError errors={[errors.type]} />
        </Field>
        {draft.type === 'number' ? (
          <Field data-invalid={errors.unit !== undefined}>
            <FieldLabel htmlFor={`${id}-unit`}>Unit</FieldLabel>
            <Input
              id={`${id}-unit`}
              value={draft.unit}
              placeholder="weeks, €, km…"
              onChange={(e) => set('unit', e.target.value)}
            />
            <FieldError errors={[errors.unit]} />
          </Field>
        ) : null}
      </div>
      <Field data-invalid={errors.help !== undefined}>
        <FieldLabel htmlFor={`${id}-help`}>Help text</FieldLabel>
        <Input id={`${id}-help`} value={draft.help} onChange={(e) => set('help', e.target.value)} />
        <FieldError errors={[errors.help]} />
      </Field>
      {isChoiceType(draft.type) ? (
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">Choices</legend>
          {draft.choices.map((choice, index) => (
            <div key={choice.value} className="flex items-center gap-2">
              <Input
                aria-label={`Choice ${index + 1}`}
                value={choice.label}
                onChange={(e) => setChoiceLabel(index, e.target.value)}
              />
              <Label className="flex shrink-0 items-center gap-1.5 font-normal">
                <Checkbox
                  checked={choice.retired}
                  onCheckedChange={(on) =>
                    setDraft((d) => ({
                      ...d,
                      choices: d.choices.map((c, i) =>
                        i === index ? { ...c, retired: on === true } : c,
                      ),
                    }))
                  }
                />
                Retired
              </Label>
              {field?.choices.some((saved) => saved.value === choice.value) ? null : (
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  onClick={() =>
                    setDraft((d) => ({ ...d, choices: d.choices.filter((_, i) => i !== index) }))
                  }
                >
                  Remove
                </Button>
              )}
            </div>
          ))}
          <div>
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={addChoice}
              disabled={draft.choices.length >= MAX_FIELD_CHOICES}
            >
              <Plus aria-hidden="true" />
              Add choice
            </Button>
          </div>
          <FieldDescription>
            Retired choices stay on talents that hold them but are not offered.
          </FieldDescription>
          <FieldError errors={[errors.choices]} />
        </fieldset>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-2">
        {SWITCHES.map(([key, label, description]) => (
          <div key={key} className="flex items-start gap-3">
            <Switch
              id={`${id}-${key}`}
              checked={draft[key]}
              onCheckedChange={(on) => set(key, on)}
              aria-describedby={`${id}-${key}-description`}
            />
            <div className="grid gap-0.5">
              <Label htmlFor={`${id}-${key}`}>{label}</Label>
              <p id={`${id}-${key}-description`} className="text-xs text-muted-foreground">
                {description}
              </p>
            </div>
          </div>
        ))}
      </div>
      {formError === undefined ? null : (
        <p role="alert" className="text-sm font-medium text-destructive">
          {formError}
        </p>
      )}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={isPending}>
          {isPending ? (
            <>
              <Spinner decorative />
              Saving...
            </>
          ) : (
            'Save field'
          )}
        </Button>
      </DialogFooter>
    </form>
  )
}
