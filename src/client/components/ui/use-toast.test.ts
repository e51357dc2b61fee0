import { describe, expect, it } from 'vitest'
import { reducer } from './use-toast.ts'

describe('toast store (spec section 9)', () => {
  it('shows one toast at a time, the newest', () => {
    let state = reducer({ toasts: [] }, { type: 'ADD_TOAST', toast: { id: '1', title: 'First' } })
    state = reducer(state, { type: 'ADD_TOAST', toast: { id: '2', title: 'Second' } })
    expect(state.toasts.map((t) => t.id)).toEqual(['2'])
  })

  it('closes a dismissed toast and removes it on request', () => {
    let state = reducer({ toasts: [] }, { type: 'ADD_TOAST', toast: { id: '7', open: true } })
    state = reducer(state, { type: 'DISMISS_TOAST', toastId: '7' })
    expect(state.toasts[0]?.open).toBe(false)
    state = reducer(state, { type: 'REMOVE_TOAST', toastId: '7' })
    expect(state.toasts).toEqual([])
  })
})
