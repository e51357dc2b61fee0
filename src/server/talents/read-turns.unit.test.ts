import { expect, test } from 'vitest'
import { inTurn } from './read-turns.ts'

test('security rule 31: queued reads run one per turn of the event loop, in order', async () => {
  const order: string[] = []
  const first = inTurn(() => Promise.resolve(order.push('first read')))
  const second = inTurn(() => Promise.resolve(order.push('second read')))
  // Queued now, so it runs in the turn after the first read: before the second read starts.
  setImmediate(() => order.push('a turn of the loop'))
  await Promise.all([first, second])
  expect(order).toEqual(['first read', 'a turn of the loop', 'second read'])
})

test('a failed read does not stop the reads queued after it', async () => {
  const failed = inTurn(() => Promise.reject(new Error('read failed')))
  const next = inTurn(() => Promise.resolve('read'))
  await expect(failed).rejects.toThrow('read failed')
  await expect(next).resolves.toBe('read')
})
