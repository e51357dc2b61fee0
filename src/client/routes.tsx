import { lazy, Suspense } from 'react'
import { Route, Routes } from 'react-router'
import { PageSpinner } from './components/layout/page-spinner.tsx'
import { AdminRoute } from './features/auth/admin-route.tsx'
import { LoginPage } from './features/auth/login-page.tsx'
import { ProtectedRoute } from './features/auth/protected-route.tsx'
import { RootRedirect } from './features/auth/root-redirect.tsx'
import { NotFoundPage } from './features/not-found/not-found-page.tsx'

// The login screen ships in the entry chunk; everything behind it loads on demand.
const AppShell = lazy(() =>
  import('./components/layout/app-shell.tsx').then((m) => ({ default: m.AppShell })),
)
const ChangePasswordPage = lazy(() =>
  import('./features/auth/change-password-page.tsx').then((m) => ({
    default: m.ChangePasswordPage,
  })),
)
const FirstTimePasswordPage = lazy(() =>
  import('./features/auth/first-time-password-page.tsx').then((m) => ({
    default: m.FirstTimePasswordPage,
  })),
)
const DashboardPage = lazy(() =>
  import('./features/talents/dashboard-page.tsx').then((m) => ({ default: m.DashboardPage })),
)
const AddTalentPage = lazy(() =>
  import('./features/talents/form/add-talent-page.tsx').then((m) => ({ default: m.AddTalentPage })),
)
const UsersPage = lazy(() =>
  import('./features/users/users-page.tsx').then((m) => ({ default: m.UsersPage })),
)
const TagsPage = lazy(() =>
  import('./features/tags/tags-page.tsx').then((m) => ({ default: m.TagsPage })),
)
const ReportsPage = lazy(() =>
  import('./features/reports/reports-page.tsx').then((m) => ({ default: m.ReportsPage })),
)
const CvImportsPage = lazy(() =>
  import('./features/cv-imports/cv-imports-page.tsx').then((m) => ({ default: m.CvImportsPage })),
)
const ImportsPage = lazy(() =>
  import('./features/imports/imports-page.tsx').then((m) => ({ default: m.ImportsPage })),
)
const ImportPage = lazy(() =>
  import('./features/imports/import-page.tsx').then((m) => ({ default: m.ImportPage })),
)
const CvImportPage = lazy(() =>
  import('./features/cv-imports/cv-import-page.tsx').then((m) => ({ default: m.CvImportPage })),
)
const DuplicatesPage = lazy(() =>
  import('./features/duplicates/duplicates-page.tsx').then((m) => ({ default: m.DuplicatesPage })),
)
const MergePage = lazy(() =>
  import('./features/duplicates/merge-page.tsx').then((m) => ({ default: m.MergePage })),
)
const SettingsPage = lazy(() =>
  import('./features/settings/settings-page.tsx').then((m) => ({ default: m.SettingsPage })),
)

/** The route table of spec section 2. */
export function AppRoutes() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        {/* Shown without an authentication check (spec section 2). */}
        <Route path="/change-password" element={<ChangePasswordPage />} />
        <Route path="/first-time-password-change" element={<FirstTimePasswordPage />} />
        <Route path="/" element={<RootRedirect />} />
        <Route element={<ProtectedRoute />}>
          <Route element={<AppShell />}>
            <Route path="/dashboard" element={<DashboardPage />} />
            <Route path="/dashboard/add-talent" element={<AddTalentPage />} />
            <Route element={<AdminRoute />}>
              <Route path="/dashboard/users" element={<UsersPage />} />
              <Route path="/dashboard/duplicates/merge" element={<MergePage />} />
            </Route>
            <Route path="/dashboard/tags" element={<TagsPage />} />
            <Route path="/dashboard/reports" element={<ReportsPage />} />
            <Route path="/dashboard/settings" element={<SettingsPage />} />
            <Route path="/dashboard/cv-imports" element={<CvImportsPage />} />
            <Route path="/dashboard/duplicates" element={<DuplicatesPage />} />
            <Route path="/dashboard/cv-imports/:id" element={<CvImportPage />} />
            <Route path="/dashboard/imports" element={<ImportsPage />} />
            <Route path="/dashboard/imports/:id" element={<ImportPage />} />
          </Route>
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  )
}
