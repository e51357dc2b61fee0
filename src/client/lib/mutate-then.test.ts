import { MutationObserver, QueryClient } from '@tanstack/react-query'
import { expect, test } from 'vitest'
import { mutateThen } from './mutate-then.ts'

/** A mutation whose caller goes away (unsubscribes, as an unmounted component does) before it ends. */
function mutationLeftBehind(outcome: 'succeed' | 'fail') {
  const observer = new MutationObserver<string, Error, number>(new QueryClient(), {
    mutationFn: async (n) => {
      await new Promise((resolve) => setTimeout(resolve, 5))
      if (outcome === 'fail') throw new Error(`failed ${n}`)
      return `done ${n}`
    },
  })
  const unsubscribe = observer.subscribe(() => {})
  setTimeout(unsubscribe, 1)
  return observer
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20))

test("mutate's own callbacks are dropped once the caller is gone (why mutateThen exists)", async () => {
  const observer = mutationLeftBehind('succeed')
  const seen: string[] = []
  observer.mutate(1, { onSuccess: (data) => seen.push(data) }).catch(() => {})
  await settle()
  expect(seen).toEqual([])
})

test('mutateThen runs the success handler after the caller is gone', async () => {
  const observer = mutationLeftBehind('succeed')
  const seen: string[] = []
  mutateThen({ mutateAsync: (n: number) => observer.mutate(n) }, 2, {
    onSuccess: (data) => seen.push(data),
    onSettled: () => seen.push('settled'),
  })
  await settle()
  expect(seen).toEqual(['done 2', 'settled'])
})

test('mutateThen runs the error handler after the caller is gone, and nothing is left unhandled', async () => {
  const observer = mutationLeftBehind('fail')
  const seen: string[] = []
  mutateThen({ mutateAsync: (n: number) => observer.mutate(n) }, 3, {
    onError: (error: Error) => seen.push(error.message),
    onSettled: () => seen.push('settled'),
  })
  await settle()
  expect(seen).toEqual(['failed 3', 'settled'])
})
