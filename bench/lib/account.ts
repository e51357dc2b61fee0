/**
 * The account every bench signs in with, created as an admin by prepareDatabase (database.ts)
 * when missing. Its own address: bench@scout.test may already exist on the scratch databases with
 * another password, and the policy refuses a password containing the e-mail's local part.
 */
export const BENCH_ACCOUNT = {
  email: 'bench-runner@scout.test',
  password: 'Quiet-Lantern-Bench-2026',
} as const
