import { readFileSync } from 'node:fs'
import { matchRoutes } from 'react-router'
import { describe, expect, test } from 'vitest'
import { CLIENT_ROUTES, isClientRoute } from '#shared/client-routes.ts'

/**
 * Security rule 48: the server answers 200 only for the router's own pages, so its list and the
 * router's must be one: routes.tsx takes every path from CLIENT_ROUTES, and the server's matcher
 * agrees with React Router's on the same list.
 */
describe('security rule 48: the client routes are one list', () => {
  test('security rule 48: routes.tsx writes no page path of its own, only the catch-all', () => {
    const source = readFileSync(new URL('./routes.tsx', import.meta.url), 'utf8')
    const literals = [...source.matchAll(/path=["'{`]([^"'}`]*)/g)].map((m) => m[1])
    expect(literals.filter((path) => !path?.startsWith('CLIENT_ROUTES.'))).toEqual(['*'])
    const named = new Set(literals.map((path) => path?.replace('CLIENT_ROUTES.', '')))
    expect([...named].filter((name) => name !== '*').sort()).toEqual(
      Object.keys(CLIENT_ROUTES).sort(),
    )
  })

  test.for([
    '/',
    '/login',
    '/dashboard',
    '/dashboard/',
    '/Dashboard/Users',
    '/dashboard/imports/12',
    '/dashboard/cv-imports/abc',
    '/dashboard/duplicates/merge',
    '/no-such-page',
    '/dashboard/nonsense/x',
    '/dashboard/imports/12/more',
    '/login/x',
    '//dashboard',
    '/dashboard//',
    '/dashboard/imports//',
    '/login//x',
    '///',
  ])('security rule 48: %s is a page exactly when React Router draws one', (path) => {
    const routes = [
      ...Object.values(CLIENT_ROUTES).map((route) => ({ path: route, id: route })),
      { path: '*', id: '*' },
    ]
    const matched = matchRoutes(routes, path)?.at(-1)?.route.id
    expect(isClientRoute(path)).toBe(matched !== undefined && matched !== '*')
  })
})
