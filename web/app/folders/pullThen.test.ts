import { describe, expect, it } from 'vitest'
import { createPullThen } from './pullThen'

/** A pull the test finishes by hand. */
function handPull() {
  const finishes: Array<(ok: boolean) => void> = []
  const pull = () =>
    new Promise<void>((resolve, reject) =>
      finishes.push((ok) => (ok ? resolve() : reject(new Error('offline')))),
    )
  return { pull, finishes }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('createPullThen', () => {
  it('runs one pull at a time, and once more for what was asked during it', async () => {
    const { pull, finishes } = handPull()
    let listed = 0
    const pullThen = createPullThen(pull, () => listed++)
    pullThen()
    pullThen()
    pullThen()
    expect(finishes).toHaveLength(1)
    finishes[0]!(true)
    await settle()
    expect(listed).toBe(1)
    expect(finishes).toHaveLength(2)
    finishes[1]!(true)
    await settle()
    expect(listed).toBe(2)
    expect(finishes).toHaveLength(2)
  })

  it('lists again after a failed pull too, and pulls afresh when asked later', async () => {
    const { pull, finishes } = handPull()
    let listed = 0
    const pullThen = createPullThen(pull, () => listed++)
    pullThen()
    finishes[0]!(false)
    await settle()
    expect(listed).toBe(1)
    pullThen()
    expect(finishes).toHaveLength(2)
  })
})
