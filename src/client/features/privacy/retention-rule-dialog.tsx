import { useId, useState, type FormEvent } from 'react'
import {
  DEFAULT_NOTICE_DAYS,
  RETENTION_ACTION_LABELS,
  RETENTION_ACTIONS,
  RETENTION_CONDITION_KINDS,
  RETENTION_CONDITION_LABELS,
  RETENTION_CONDITION_UNITS,
  retentionRuleInputSchema,
  type RetentionAction,
  type RetentionConditionKind,
  type RetentionRule,
} from '#shared/retention.ts'
import { TALENT_STATUSES, type TalentStatus } from '#shared/talent.ts'
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
import { toast } from '../../components/ui/use-toast.ts'
import { parseApiError } from '../../lib/api.ts'
import { useCreateRetentionRule, useUpdateRetentionRule } from './retention-api.ts'

type Errors = Partial<Record<'name' | 'condition' | 'action' | 'noticeDays' | 'form', string>>

type RuleFormProps = { rule: RetentionRule | null; onClose: () => void }

/** The number the form sends: '' stays NaN, so the schema says what is missing. */
const toNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text))

function RuleForm({ rule, onClose }: RuleFormProps) {
  const id = useId()
  const [name, setName] = useState(rule?.name ?? '')
  const [kind, setKind] = useState<RetentionConditionKind | ''>(rule?.condition.kind ?? '')
  const [amount, setAmount] = useState(rule ? String(rule.condition.amount) : '')
  const [action, setAction] = useState<RetentionAction | ''>(rule?.action ?? '')
  const [exempt, setExempt] = useState<TalentStatus[]>(rule?.exemptStatuses ?? ['Hired'])
  const [notice, setNotice] = useState(String(rule?.noticeDays ?? DEFAULT_NOTICE_DAYS))
  const [errors, setErrors] = useState<Errors>({})
  const create = useCreateRetentionRule()
  const update = useUpdateRetentionRule()
  const pending = create.isPending || update.isPending

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (pending) return
    const parsed = retentionRuleInputSchema.safeParse({
      name,
      condition: kind === '' ? undefined : { kind, amount: toNumber(amount) },
      action: action === '' ? undefined : action,
      exemptStatuses: exempt,
      noticeDays: toNumber(notice),
      enabled: rule?.enabled ?? false,
    })
    if (!parsed.success) {
      const next: Errors = {}
      for (const issue of parsed.error.issues) {
        const key = issue.path[0]
        if (key === 'name' || key === 'condition' || key === 'action' || key === 'noticeDays') {
          next[key] ??= issue.message
        }
      }
      setErrors(next)
      return
    }
    const onError = (failure: unknown) => {
      const apiError = parseApiError(failure)
      setErrors({
        name: apiError?.fieldErrors.name?.[0],
        condition: apiError?.fieldErrors.condition?.[0],
        form: apiError?.fieldErrors.condition
          ? undefined
          : (apiError?.message ?? 'Could not save.'),
      })
    }
    const onSuccess = () => {
      toast({ title: rule ? 'Rule saved' : 'Rule added', description: parsed.data.name })
      onClose()
    }
    if (rule) {
      const { enabled: _enabled, ...patch } = parsed.data
      update.mutate({ id: rule.id, patch }, { onSuccess, onError })
    } else {
      create.mutate(parsed.data, { onSuccess, onError })
    }
  }

  const unit = kind === '' ? 'days or months' : RETENTION_CONDITION_UNITS[kind]
  return (
    <form className="grid gap-4" onSubmit={handleSubmit} noValidate aria-label="Retention rule">
      <DialogHeader>
        <DialogTitle>{rule ? 'Edit retention rule' : 'Add retention rule'}</DialogTitle>
        <DialogDescription>
          A new rule starts switched off: preview who it would act on, then switch it on. Talents it
          finds are listed as due for removal for the notice days before anything happens.
        </DialogDescription>
      </DialogHeader>
      <Field data-invalid={errors.name !== undefined}>
        <FieldLabel htmlFor={`${id}-name`}>Rule name</FieldLabel>
        <Input
          id={`${id}-name`}
          value={name}
          maxLength={100}
          aria-invalid={errors.name !== undefined}
          onChange={(event) => setName(event.target.value)}
        />
        <FieldError errors={[errors.name]} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
        <Field data-invalid={errors.condition !== undefined}>
          <FieldLabel htmlFor={`${id}-condition`}>Condition</FieldLabel>
          <Select value={kind} onValueChange={(value) => setKind(value as RetentionConditionKind)}>
            <SelectTrigger
              id={`${id}-condition`}
              className="w-full"
              aria-invalid={errors.condition !== undefined}
            >
              <SelectValue placeholder="Select a condition" />
            </SelectTrigger>
            <SelectContent>
              {RETENTION_CONDITION_KINDS.map((value) => (
                <SelectItem key={value} value={value}>
                  {RETENTION_CONDITION_LABELS[value]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </Field>
        <Field>
          <FieldLabel htmlFor={`${id}-amount`}>Amount ({unit})</FieldLabel>
          <Input
            id={`${id}-amount`}
            type="number"
            inputMode="numeric"
            min={1}
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
          />
        </Field>
      </div>
      <FieldError errors={[errors.condition]} />
      <Field data-invalid={errors.action !== undefined}>
        <FieldLabel htmlFor={`${id}-action`}>Action</FieldLabel>
        <Select value={action} onValueChange={(value) => setAction(value as RetentionAction)}>
          <SelectTrigger
            id={`${id}-action`}
            className="w-full"
            aria-invalid={errors.action !== undefined}
          >
            <SelectValue placeholder="Anonymise or erase" />
          </SelectTrigger>
          <SelectContent>
            {RETENTION_ACTIONS.map((value) => (
              <SelectItem key={value} value={value}>
                {RETENTION_ACTION_LABELS[value]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <FieldError errors={[errors.action]} />
      </Field>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">Exempt statuses</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {TALENT_STATUSES.map((status) => (
            <div key={status} className="flex items-center gap-2">
              <Checkbox
                id={`${id}-status-${status}`}
                checked={exempt.includes(status)}
                onCheckedChange={(checked) =>
                  setExempt((current) =>
                    checked === true
                      ? [...current, status]
                      : current.filter((value) => value !== status),
                  )
                }
              />
              <Label htmlFor={`${id}-status-${status}`} className="font-normal">
                {status}
              </Label>
            </div>
          ))}
        </div>
      </fieldset>
      <Field data-invalid={errors.noticeDays !== undefined}>
        <FieldLabel htmlFor={`${id}-notice`}>Notice (days)</FieldLabel>
        <Input
          id={`${id}-notice`}
          type="number"
          inputMode="numeric"
          min={1}
          value={notice}
          aria-invalid={errors.noticeDays !== undefined}
          onChange={(event) => setNotice(event.target.value)}
        />
        <FieldDescription>
          How long a talent is listed as due for removal before the rule acts.
        </FieldDescription>
        <FieldError errors={[errors.noticeDays]} />
      </Field>
      {errors.form === undefined ? null : (
        <p role="alert" className="text-sm text-destructive">
          {errors.form}
        </p>
      )}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving...' : 'Save rule'}
        </Button>
      </DialogFooter>
    </form>
  )
}

type RetentionRuleDialogProps = {
  open: boolean
  /** The rule to edit, or null to add one. */
  rule: RetentionRule | null
  onClose: () => void
}

/** Add or edit a retention rule (security rule 56), Settings → Privacy, admins. */
export function RetentionRuleDialog({ open, rule, onClose }: RetentionRuleDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-lg">
        {open ? <RuleForm key={rule?.id ?? 'new'} rule={rule} onClose={onClose} /> : null}
      </DialogContent>
    </Dialog>
  )
}
