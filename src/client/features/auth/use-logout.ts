import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { removeAuthToken, removeCachedUser } from '../../lib/auth-token.ts'
import { toast } from '../../components/ui/use-toast.ts'
import { logoutRequest } from './api.ts'
import { CURRENT_USER_KEY } from '../../lib/session.ts'

/** The logout flow of spec section 4; the person lands on /login whatever the server says. */
export function useLogout(): () => Promise<void> {
  const queryClient = useQueryClient()
  const navigate = useNavigate()

  return async function logout() {
    try {
      removeCachedUser()
      // The token still goes with this call so the server can end the session.
      await logoutRequest().catch(() => undefined)
      removeAuthToken()
      // Drop everything the previous person's session loaded, then refresh the current user.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== CURRENT_USER_KEY[0] })
      queryClient.setQueryData(CURRENT_USER_KEY, null)
      await queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY })
      toast({ title: 'Logged out successfully' })
    } catch {
      toast({ title: 'Logging out...' })
    }
    await navigate('/login', { replace: true })
  }
}
