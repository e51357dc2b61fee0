import { Copy, Download } from 'lucide-react'
import { Button } from '../ui/button.tsx'
import { toast } from '../ui/use-toast.ts'

async function copy(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text)
    return true
  } catch {
    return false
  }
}

function download(text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }))
  const link = document.createElement('a')
  link.href = url
  link.download = 'scout-recovery-codes.txt'
  link.click()
  URL.revokeObjectURL(url)
}

/**
 * The ten recovery codes, shown once right after enrolment, with Copy and Download.
 * Each signs in once when the authenticator app is not at hand.
 */
export function RecoveryCodes({ codes }: { codes: readonly string[] }) {
  const text = `Scout recovery codes — each works once.\n\n${codes.join('\n')}\n`
  return (
    <section aria-labelledby="recovery-codes-title" className="grid gap-3">
      <h3 id="recovery-codes-title" className="font-medium">
        Your recovery codes
      </h3>
      <p className="text-sm text-muted-foreground">
        Keep these somewhere safe. Each signs you in once if you lose your phone. They are shown
        only now.
      </p>
      <ul
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-2 rounded-md border bg-muted/40 p-3 font-mono text-sm"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          onClick={() =>
            void copy(text).then((ok) =>
              toast(
                ok
                  ? { title: 'Recovery codes copied' }
                  : {
                      variant: 'destructive',
                      title: 'Could not copy',
                      description: 'Select the codes and copy them yourself, or download them.',
                    },
              ),
            )
          }
        >
          <Copy aria-hidden="true" />
          Copy codes
        </Button>
        <Button type="button" variant="outline" onClick={() => download(text)}>
          <Download aria-hidden="true" />
          Download codes
        </Button>
      </div>
    </section>
  )
}
