import { Check, Copy, KeyRound } from 'lucide-react'
import { useState } from 'react'
import { Button } from '../../components/ui/button.tsx'
import { DialogFooter } from '../../components/ui/dialog.tsx'
import { Input } from '../../components/ui/input.tsx'
import { Label } from '../../components/ui/label.tsx'
import { copyToClipboard } from './clipboard.ts'

type TempPasswordPanelProps = {
  email: string
  tempPassword: string | undefined
  devModeMessage: string | undefined
  onDone: () => void
}

/**
 * No invitation e-mail was sent (no SMTP configured): the admin sees the temporary
 * password here and passes it on themself.
 */
export function TempPasswordPanel({
  email,
  tempPassword,
  devModeMessage,
  onDone,
}: TempPasswordPanelProps) {
  const [copyState, setCopyState] = useState<'idle' | 'copied' | 'failed'>('idle')

  async function copy() {
    if (tempPassword === undefined) return
    setCopyState((await copyToClipboard(tempPassword)) ? 'copied' : 'failed')
  }

  return (
    <div className="grid gap-4">
      <section
        aria-labelledby="temp-password-heading"
        className="grid gap-3 rounded-lg border border-amber-400/40 bg-amber-400/10 p-4"
      >
        <h3 id="temp-password-heading" className="flex items-center gap-2 font-medium">
          <KeyRound className="size-4 text-amber-200" aria-hidden="true" />
          {email} can now sign in
        </h3>
        {tempPassword === undefined ? null : (
          <div className="grid gap-2">
            <Label htmlFor="invite-temp-password">Temporary password</Label>
            <div className="flex flex-wrap items-center gap-2">
              <Input
                id="invite-temp-password"
                readOnly
                value={tempPassword}
                className="min-w-0 flex-1 font-mono"
                onFocus={(event) => event.currentTarget.select()}
              />
              <Button type="button" variant="outline" onClick={() => void copy()}>
                {copyState === 'copied' ? (
                  <Check aria-hidden="true" />
                ) : (
                  <Copy aria-hidden="true" />
                )}
                {copyState === 'copied' ? 'Copied' : 'Copy'}
              </Button>
            </div>
          </div>
        )}
        <p role="status" className="text-sm text-muted-foreground">
          {copyState === 'failed'
            ? 'Copying was refused by the browser; select the password and copy it by hand.'
            : 'Share it with the user securely. They must change it when they first sign in.'}
        </p>
        {devModeMessage === undefined ? null : <p className="text-sm">{devModeMessage}</p>}
      </section>
      <DialogFooter>
        <Button type="button" onClick={onDone}>
          Done
        </Button>
      </DialogFooter>
    </div>
  )
}
