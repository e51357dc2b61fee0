import { Settings } from 'lucide-react'
import { ComingSoon } from '../../components/layout/coming-soon.tsx'
import { PageHeader } from '../../components/layout/page-header.tsx'

export function SettingsPage() {
  return (
    <div className="grid gap-6">
      <PageHeader title="Settings" description="Your account and notification preferences." />
      <ComingSoon icon={Settings}>
        Account details, notification switches and password changes are coming soon.
      </ComingSoon>
    </div>
  )
}
