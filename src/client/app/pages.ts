import { lazyPage } from '../lib/lazy-page.tsx'

// The login screen ships in the entry chunk; everything behind it loads on demand.
export const AppShell = lazyPage(() => import('./layout/app-shell.tsx').then((m) => m.AppShell))
export const ChangePasswordPage = lazyPage(() =>
  import('../features/auth/change-password-page.tsx').then((m) => m.ChangePasswordPage),
)
export const FirstTimePasswordPage = lazyPage(() =>
  import('../features/auth/first-time-password-page.tsx').then((m) => m.FirstTimePasswordPage),
)
export const DashboardPage = lazyPage(() =>
  import('./talents/dashboard-page.tsx').then((m) => m.DashboardPage),
)
export const AddTalentPage = lazyPage(() =>
  import('./talents/add-talent-page.tsx').then((m) => m.AddTalentPage),
)
export const UsersPage = lazyPage(() =>
  import('../features/users/users-page.tsx').then((m) => m.UsersPage),
)
export const TagsPage = lazyPage(() =>
  import('../features/tags/tags-page.tsx').then((m) => m.TagsPage),
)
export const ReportsPage = lazyPage(() =>
  import('../features/reports/reports-page.tsx').then((m) => m.ReportsPage),
)
export const CvImportsPage = lazyPage(() =>
  import('../features/cv-imports/cv-imports-page.tsx').then((m) => m.CvImportsPage),
)
export const ImportsPage = lazyPage(() =>
  import('../features/imports/imports-page.tsx').then((m) => m.ImportsPage),
)
export const ImportPage = lazyPage(() =>
  import('../features/imports/import-page.tsx').then((m) => m.ImportPage),
)
export const CvImportPage = lazyPage(() =>
  import('./cv-import-page.tsx').then((m) => m.CvImportPage),
)
export const DuplicatesPage = lazyPage(() =>
  import('../features/duplicates/duplicates-page.tsx').then((m) => m.DuplicatesPage),
)
export const MergePage = lazyPage(() =>
  import('../features/duplicates/merge-page.tsx').then((m) => m.MergePage),
)
export const SettingsPage = lazyPage(() =>
  import('./settings-page.tsx').then((m) => m.SettingsPage),
)
