/**
 * The first element of every cached query's key, per feature. Each feature's api.ts builds its
 * key factory on its root; a feature whose writes change another's data invalidates that root
 * from here, so no two features import each other (tags rename talents' tags; a talent's new
 * tags appear in the tag list).
 */
export const queryRoots = {
  talents: ['talents'] as const,
  tags: ['tags'] as const,
  users: ['users'] as const,
  cvImports: ['cv-imports'] as const,
  imports: ['imports'] as const,
  bulk: ['bulk'] as const,
  reports: ['reports'] as const,
  fields: ['fields'] as const,
}
