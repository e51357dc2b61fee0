import { describe, expect, it } from 'vitest'
import { nextTask, runInTurns } from './run-in-turns.ts'

describe('runInTurns', () => {
  it('runs the steps in order, each after the previous one finished and a turn passed', async () => {
    const log: string[] = []
    const turn = async () => {
      log.push('turn')
      await Promise.resolve()
    }
    const step = (name: string) => async () => {
      log.push(`${name} start`)
      await new Promise((resolve) => setTimeout(resolve, 5))
      log.push(`${name} end`)
    }
    await runInTurns([step('a'), step('b'), step('c')], turn)
    expect(log).toEqual([
      'a start',
      'a end',
      'turn',
      'b start',
      'b end',
      'turn',
      'c start',
      'c end',
    ])
  })

  it('stops at a step that fails, and says so', async () => {
    const ran: string[] = []
    const failing = runInTurns([
      () => ran.push('a'),
      () => Promise.reject(new Error('chunk missing')),
      () => ran.push('c'),
    ])
    await expect(failing).rejects.toThrow('chunk missing')
    expect(ran).toEqual(['a'])
  })
})

describe('nextTask', () => {
  it('lets a task queued before it run first', async () => {
    const order: string[] = []
    const channel = new MessageChannel()
    channel.port1.onmessage = () => order.push('queued task')
    channel.port2.postMessage(null)
    await nextTask()
    order.push('after the turn')
    channel.port1.close()
    expect(order).toEqual(['queued task', 'after the turn'])
  })
})
