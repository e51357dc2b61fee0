import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { preferencesSchema, type Preferences } from '#shared/preferences.ts'
import { Button } from '../../components/ui/button.tsx'
import { FormSwitchField } from '../../components/ui/form-switch-field.tsx'
import { toast } from '../../components/ui/use-toast.ts'
import { parseApiError } from '../../lib/api.ts'
import { useSavePreferences } from './api.ts'

type NotificationFormProps = {
  /** The saved switches; the form starts from them and keeps its own edits until saved. */
  saved: Preferences
}

/**
 * The two switches and 'Save Changes' (spec section 2 "Settings"). Toggling only changes the
 * form; Save sends both. A failed save keeps the toggles, so nothing is lost.
 */
export function NotificationForm({ saved }: NotificationFormProps) {
  const savePreferences = useSavePreferences()
  const form = useForm<Preferences>({
    resolver: zodResolver(preferencesSchema),
    defaultValues: saved,
  })

  function handleValid(values: Preferences) {
    if (savePreferences.isPending) return
    savePreferences.mutate(values, {
      onSuccess: (stored) => {
        form.reset(stored)
        toast({ title: 'Settings Saved', description: 'Your notification preferences are saved.' })
      },
      onError: (error) => {
        toast({
          variant: 'destructive',
          title: 'Error',
          description:
            parseApiError(error)?.message ?? 'Failed to save settings. Please try again.',
        })
      },
    })
  }

  return (
    <form
      className="grid gap-4"
      onSubmit={(event) => void form.handleSubmit(handleValid)(event)}
      noValidate
    >
      <FormSwitchField
        control={form.control}
        name="emailNotifications"
        label="Email Notifications"
        description="Receive e-mail updates about activity in the talent pool."
      />
      <FormSwitchField
        control={form.control}
        name="newTalentAlerts"
        label="New Talent Alerts"
        description="Be told when new talents join the pool."
      />
      <div className="flex flex-wrap items-center justify-end gap-3">
        {form.formState.isDirty ? (
          <p className="text-sm text-muted-foreground">You have unsaved changes.</p>
        ) : null}
        <Button type="submit" disabled={savePreferences.isPending}>
          {savePreferences.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>
    </form>
  )
}
