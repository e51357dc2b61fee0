import { Suspense } from 'react'
import { Route, Routes } from 'react-router'
import { CLIENT_ROUTES } from '#shared/client-routes.ts'
import { LoadingScreen } from './layout/loading-screen.tsx'
import { AdminRoute } from '../features/auth/admin-route.tsx'
import { LoginPage } from '../features/auth/login-page.tsx'
import { ProtectedRoute } from '../features/auth/protected-route.tsx'
import { RootRedirect } from '../features/auth/root-redirect.tsx'
import { NotFoundPage } from '../features/not-found/not-found-page.tsx'
import { prefetchDashboardData, preloadDashboardCode } from './preload-dashboard.ts'
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

/** The route table of spec section 2; its paths are the shared list the server answers 200 for. */
export function AppRoutes() {
  return (
    <Suspense fallback={<LoadingScreen />}>
      <Routes>
        <Route
          path={CLIENT_ROUTES.login}
          element={
            <LoginPage
              preloadDashboardCode={preloadDashboardCode}
              prefetchDashboardData={prefetchDashboardData}
            />
          }
        />
        {/* Shown without an authentication check (spec section 2). */}
        <Route path={CLIENT_ROUTES.changePassword} element={<ChangePasswordPage />} />
        <Route path={CLIENT_ROUTES.firstTimePassword} element={<FirstTimePasswordPage />} />
        <Route path={CLIENT_ROUTES.root} element={<RootRedirect />} />
        <Route element={<ProtectedRoute loading={<LoadingScreen />} />}>
          <Route element={<AppShell />}>
            <Route path={CLIENT_ROUTES.dashboard} element={<DashboardPage />} />
            <Route path={CLIENT_ROUTES.addTalent} element={<AddTalentPage />} />
            <Route element={<AdminRoute />}>
              <Route path={CLIENT_ROUTES.users} element={<UsersPage />} />
              <Route path={CLIENT_ROUTES.merge} element={<MergePage />} />
            </Route>
            <Route path={CLIENT_ROUTES.tags} element={<TagsPage />} />
            <Route path={CLIENT_ROUTES.reports} element={<ReportsPage />} />
            <Route path={CLIENT_ROUTES.settings} element={<SettingsPage />} />
            <Route path={CLIENT_ROUTES.cvImports} element={<CvImportsPage />} />
            <Route path={CLIENT_ROUTES.duplicates} element={<DuplicatesPage />} />
            <Route path={CLIENT_ROUTES.cvImport} element={<CvImportPage />} />
            <Route path={CLIENT_ROUTES.imports} element={<ImportsPage />} />
            <Route path={CLIENT_ROUTES.importPage} element={<ImportPage />} />
          </Route>
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  )
}
