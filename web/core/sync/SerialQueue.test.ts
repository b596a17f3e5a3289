import { describe, expect, it } from 'vitest'
import { SerialQueue } from './SerialQueue'

describe('SerialQueue', () => {
  it('runs tasks one at a time in call order, and a failure does not stop the next', async () => {
    const queue = new SerialQueue()
    const log: string[] = []
    const task =
      (name: string, fail = false) =>
      async () => {
        log.push(`start ${name}`)
        await new Promise((resolve) => setTimeout(resolve, 5))
        log.push(`end ${name}`)
        if (fail) throw new Error(name)
        return name
      }
    const results = await Promise.allSettled([
      queue.run(task('a')),
      queue.run(task('b', true)),
      queue.run(task('c')),
    ])
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c'])
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled'])
  })
})
