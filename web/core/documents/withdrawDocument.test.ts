import { describe, expect, it } from 'vitest'
import { withdrawDocument } from './withdrawDocument'

/** A store whose deletes fail `failures` times (the database away), then succeed. */
function flakyStore(failures: number) {
  const deleted: string[] = []
  let calls = 0
  const store = {
    documents: {
      async deleteDocument(id: string) {
        if (calls++ < failures)
          throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })
        deleted.push(id)
      },
    },
  } as unknown as Parameters<typeof withdrawDocument>[0]
  return { store, deleted, calls: () => calls }
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 5))
}

describe('withdrawDocument', () => {
  it('deletes at once when the store answers', async () => {
    const { store, deleted } = flakyStore(0)
    await withdrawDocument(store, 'doc-1', () => undefined)
    expect(deleted).toEqual(['doc-1'])
  })

  it('tries again in the background until the store is back', async () => {
    const { store, deleted, calls } = flakyStore(3)
    await withdrawDocument(store, 'doc-2', () => undefined, { retryMs: 5, giveUpMs: 60_000 })
    expect(deleted).toEqual([])
    await until(() => deleted.length > 0)
    expect(deleted).toEqual(['doc-2'])
    expect(calls()).toBe(4)
  })

  it('gives up past its time and says so', async () => {
    const { store, deleted } = flakyStore(Infinity)
    const errors: unknown[] = []
    await withdrawDocument(store, 'doc-3', (error) => errors.push(error), { retryMs: 5, giveUpMs: 20 })
    await until(() => errors.length > 0)
    expect(deleted).toEqual([])
    expect(String(errors[0])).toMatch(/doc-3/)
  })
})
