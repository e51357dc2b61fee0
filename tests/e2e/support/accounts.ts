/** The accounts every browser journey can use; start-server.ts creates them in a fresh database. */
export type E2eAccount = {
  email: string
  password: string
  firstName: string
  lastName: string
  role: 'admin' | 'user'
  mustChangePassword: boolean
  isActive: boolean
}

function account(email: string, overrides: Partial<E2eAccount> = {}): E2eAccount {
  return {
    email,
    password: 'Correct-Horse-Battery-42',
    firstName: 'Test',
    lastName: 'Person',
    role: 'user',
    mustChangePassword: false,
    isActive: true,
    ...overrides,
  }
}

export const accounts = {
  // The default admin account of spec section 6 (ADMIN_EMAIL's default).
  admin: account('admin@talentpool.local', { role: 'admin', firstName: 'Ada', lastName: 'Admin' }),
  user: account('user@scout.test', { firstName: 'Uma', lastName: 'User' }),
  shellUser: account('shell@scout.test', { firstName: 'Sam', lastName: 'Shell' }),
  logoutUser: account('logout@scout.test', { firstName: 'Leo', lastName: 'Logout' }),
  mustChange: account('newbie@scout.test', {
    mustChangePassword: true,
    password: 'Temp-Pass-1234-xyz',
  }),
  mustChange2: account('newbie2@scout.test', {
    mustChangePassword: true,
    password: 'Temp-Pass-4321-xyz',
  }),
  firstTime: account('firsttimer@scout.test', {
    mustChangePassword: true,
    password: 'Temp-Pass-5678-xyz',
  }),
  inactive: account('inactive@scout.test', { isActive: false }),
  // Locked out by strangers' wrong passwords when the server starts (start-server.ts): users.spec.ts
  // unlocks it. Seeded, not guessed, so the journeys' shared address keeps its allowance.
  locked: account('locked@scout.test', { firstName: 'Lou', lastName: 'Locked' }),
  // Must change a password that was never stored as a temporary one (users.spec.ts): the
  // temp-password badge shows and has nothing to reveal. Nobody signs in with it.
  noTempPassword: account('no-temp@scout.test', {
    firstName: 'Nora',
    lastName: 'Notemp',
    mustChangePassword: true,
  }),
} satisfies Record<string, E2eAccount>
