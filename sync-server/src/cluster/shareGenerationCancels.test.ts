import { describe, expect, it } from 'vitest'
import { RunningGenerations } from '../../../web/core/providers/runningGenerations'
import { busesOnTestDatabase } from './busesOnTestDatabase'
import { shareGenerationCancels } from './shareGenerationCancels'

const buses = busesOnTestDatabase()

async function instance() {
  const bus = await buses.open()
  const generations = new RunningGenerations()
  const published: string[] = []
  bus.subscribe('generation_cancel', (message) => published.push(JSON.stringify(message)), {
    includeOwn: true,
  })
  shareGenerationCancels(bus, generations, (error) => {
    throw error
  })
  await bus.ready()
  return { generations, published }
}

describe('shareGenerationCancels', () => {
  it('stops a generation running on A when the cancel reaches B, and only the person’s own', async () => {
    const a = await instance()
    const b = await instance()
    const mine = a.generations.start('alice', ['request-1', 'conversation-1'])
    const theirs = a.generations.start('bob', ['conversation-1'])

    expect(b.generations.cancel('alice', 'conversation-1', new Error('asked on B'))).toBe(0)
    await expect.poll(() => mine.signal.aborted).toBe(true)
    expect((mine.signal.reason as { status?: number }).status).toBe(499)
    expect(theirs.signal.aborted).toBe(false)
    // A stopped it without passing the cancel on again: one message in all.
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(a.published).toEqual([JSON.stringify({ u: 'alice', id: 'conversation-1' })])

    // A cancel that stops something where it arrives goes nowhere else.
    const local = b.generations.start('alice', ['request-2'])
    expect(b.generations.cancel('alice', 'request-2', new Error('here'))).toBe(1)
    expect(local.signal.aborted).toBe(true)
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(a.published).toHaveLength(1)
  })
})
