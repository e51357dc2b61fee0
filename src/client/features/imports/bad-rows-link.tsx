import { Download } from 'lucide-react'
import { Button } from '../../components/ui/button.tsx'
import { importBadRowsUrl } from './api.ts'

/**
 * 'Download bad rows': the refused rows as a CSV with a reason column, to fix
 * and import again. A plain link: the session cookie authorises it and the browser downloads it.
 */
export function BadRowsLink({ importId }: { importId: number }) {
  return (
    <Button asChild variant="outline" size="sm" className="justify-self-start">
      <a href={importBadRowsUrl(importId)} download>
        <Download aria-hidden="true" />
        Download bad rows
      </a>
    </Button>
  )
}
