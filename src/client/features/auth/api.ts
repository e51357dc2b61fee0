import { useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import {
  loginResponseSchema,
  messageResponseSchema,
  type LoginRequest,
  type LoginResponse,
} from '#shared/auth.ts'
import {
  loginMfaEnableResponseSchema,
  loginStepResponseSchema,
  mfaSetupResponseSchema,
} from '#shared/mfa.ts'
import { userSchema } from '#shared/user.ts'
import { api } from '../../lib/api.ts'
import { setAuthToken, setCachedUser } from '../../lib/auth-token.ts'
import { CURRENT_USER_KEY } from '../../lib/session.ts'

/** Stores a finished sign-in's token and user (spec section 4), after the password or the code. */
function useSignedIn() {
  const queryClient = useQueryClient()
  return ({ token, user }: LoginResponse) => {
    setAuthToken(token)
    setCachedUser(user)
    // spec section 4: after login the cached current-user data is refreshed. Not awaited: the
    // login response already carries the user, so the redirect need not wait for a second call.
    queryClient.setQueryData(CURRENT_USER_KEY, user)
    void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY })
  }
}

/** POST /api/auth/login: a session, or the second factor that is due first. */
export function useLogin() {
  const signedIn = useSignedIn()
  return useMutation({
    mutationFn: (credentials: LoginRequest) =>
      api.post('/api/auth/login', loginStepResponseSchema, credentials),
    onSuccess: (result) => {
      if ('token' in result) signedIn(result)
    },
  })
}

/** POST /api/auth/login/mfa: the code (or a recovery code) after the password. */
export function useLoginCode() {
  const signedIn = useSignedIn()
  return useMutation({
    mutationFn: (input: { mfaToken: string; code: string }) =>
      api.post('/api/auth/login/mfa', loginResponseSchema, input),
    onSuccess: signedIn,
  })
}

/** POST /api/auth/login/mfa/setup: the QR code for enrolment at sign-in. */
export function useLoginEnrolSetup() {
  return useMutation({
    mutationFn: (mfaToken: string) =>
      api.post('/api/auth/login/mfa/setup', mfaSetupResponseSchema, { mfaToken }),
  })
}

/** POST /api/auth/login/mfa/enable: the first code confirms the enrolment and signs in. */
export function useLoginEnrolEnable() {
  const signedIn = useSignedIn()
  return useMutation({
    mutationFn: (input: { mfaToken: string; code: string }) =>
      api.post('/api/auth/login/mfa/enable', loginMfaEnableResponseSchema, input),
    onSuccess: signedIn,
  })
}

const firstTimePasswordResponseSchema = messageResponseSchema.extend({
  user: userSchema.optional(),
})

export function useFirstTimePasswordChange() {
  return useMutation({
    mutationFn: (input: { newPassword: string }) =>
      api.post('/api/auth/first-time-password-change', firstTimePasswordResponseSchema, input),
    onSuccess: ({ user }) => {
      // The page reloads next; keep the cached copy in step with the server.
      if (user !== undefined) setCachedUser(user)
    },
  })
}

/** POST /api/auth/logout; the caller ignores its failure (spec section 7). */
export function logoutRequest() {
  return api.post('/api/auth/logout', z.unknown())
}
