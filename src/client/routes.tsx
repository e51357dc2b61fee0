import { Suspense } from 'react'
import { Route, Routes } from 'react-router'
import { LoadingScreen } from './components/layout/loading-screen.tsx'
import { AdminRoute } from './features/auth/admin-route.tsx'
import { LoginPage } from './features/auth/login-page.tsx'
import { ProtectedRoute } from './features/auth/protected-route.tsx'
import { RootRedirect } from './features/auth/root-redirect.tsx'
import { NotFoundPage } from './features/not-found/not-found-page.tsx'
import {
  AppShell,
  ChangePasswordPage,
  FirstTimePasswordPage,
  DashboardPage,
  AddTalentPage,
  UsersPage,
  TagsPage,
  ReportsPage,
  CvImportsPage,
  ImportsPage,
  ImportPage,
  CvImportPage,
  DuplicatesPage,
  MergePage,
  SettingsPage,
} from './pages.ts'

/** The route table of spec section 2. */
export function AppRoutes() {
  return (
    <Suspense fallback={<LoadingScreen />}>
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
