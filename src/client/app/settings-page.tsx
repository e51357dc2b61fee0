import { KeyRound } from 'lucide-react'
import { useState } from 'react'
import { PageHeader } from '../components/layout/page-header.tsx'
import { Button } from '../components/ui/button.tsx'
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../components/ui/card.tsx'
import { Skeleton } from '../components/ui/skeleton.tsx'
import { useAuth } from '../lib/current-user.ts'
import { FieldsSettingsCard } from '../features/fields/fields-settings-card.tsx'
import { ErasureRecordsCard } from '../features/privacy/erasure-records-card.tsx'
import { ErasureRequestsCard } from '../features/privacy/erasure-requests-card.tsx'
import { RequestSettingsCard } from '../features/privacy/request-settings-card.tsx'
import { DueForRemovalCard } from '../features/privacy/due-for-removal-card.tsx'
import { PrivacyLogCard } from '../features/privacy/privacy-log-card.tsx'
import { RetentionRulesCard } from '../features/privacy/retention-rules-card.tsx'
import { AccountDetails } from '../features/settings/account-details.tsx'
import { ChangePasswordDialog } from '../features/settings/change-password-dialog.tsx'
import { NotificationSettings } from '../features/settings/notification-settings.tsx'
import { SessionsCard } from '../features/settings/sessions-card.tsx'
import { TwoFactorCard } from '../features/settings/two-factor-card.tsx'

/** spec section 2 "Settings": account, notification switches (saved per user), password. */
export function SettingsPage() {
  const { user } = useAuth()
  const [isChangingPassword, setIsChangingPassword] = useState(false)

  return (
    <div className="grid max-w-3xl gap-6">
      <PageHeader title="Settings" description="Your account and notification preferences." />
      {/* The protected route has loaded the user already; this only covers a refetch gap. */}
      {user === null ? <Skeleton className="h-56 w-full" /> : <AccountDetails user={user} />}
      <NotificationSettings />
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <KeyRound className="size-4 text-primary" aria-hidden="true" />
            Password
          </CardTitle>
          <CardDescription>Change the password you sign in with.</CardDescription>
        </CardHeader>
        <CardContent>
          <Button type="button" variant="outline" onClick={() => setIsChangingPassword(true)}>
            Change Password
          </Button>
        </CardContent>
      </Card>
      {user === null ? null : <TwoFactorCard user={user} />}
      <SessionsCard />
      {/* Settings → Privacy (security rule 51, 54, 56-62): admins only; the server refuses others. */}
      {user?.role === 'admin' ? (
        <>
          <RetentionRulesCard />
          <DueForRemovalCard />
          <PrivacyLogCard />
          <ErasureRecordsCard />
          <ErasureRequestsCard />
          <RequestSettingsCard />
        </>
      ) : null}
      {/* Settings → Fields: admins only; the server refuses others. */}
      {user?.role === 'admin' ? <FieldsSettingsCard /> : null}
      <ChangePasswordDialog open={isChangingPassword} onOpenChange={setIsChangingPassword} />
    </div>
  )
}
