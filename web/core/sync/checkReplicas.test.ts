import { describe, expect, it } from 'vitest'
import { checkReplicas } from './checkReplicas'
import { formatHlc } from './Hlc'
import { InMemorySyncClientStore } from './InMemorySyncClientStore'
import type { SyncRecord } from './SyncRecord'

const hlc = formatHlc({ wall: 1, counter: 0, node: 'a' })
const live: SyncRecord = {
  kind: 'note',
  id: 'a',
  fields: { t: { value: 1, hlc } },
  deleted: null,
  conflicts: [],
}
const tomb: SyncRecord = { ...live, id: 'b', deleted: { value: true, hlc } }

describe('checkReplicas', () => {
  it('accepts a replica holding exactly the live records', async () => {
    const store = new InMemorySyncClientStore()
    await store.putRecord(live)
    expect(await checkReplicas([live, tomb], [{ name: 'c', store }])).toEqual([])
  })

  it('reports missing, different, extra and tombstoned records and a full outbox', async () => {
    const store = new InMemorySyncClientStore()
    await store.putRecord({ ...live, fields: { t: { value: 2, hlc } } })
    await store.putRecord(tomb)
    await store.putRecord({ ...live, id: 'extra' })
    await store.addToOutbox({ counter: 1, change: { kind: 'note', id: 'a', fields: {} } })
    const problems = await checkReplicas([live, tomb, { ...live, id: 'missing' }], [{ name: 'c', store }])
    expect(problems.map((p) => p.split(':')[0])).toEqual([
      'c still has 1 unacknowledged mutations',
      'c differs on note/a',
      'c lacks note/missing',
      'c still holds the tombstone of note/b',
      'c holds note/extra, which the server does not have live',
    ])
  })
})
