import { describe, expect, it } from 'vitest'
import { accountRecordKeys, recordKey } from './accountRecordKeys'
import { formatHlc, HlcClock } from './Hlc'
import { InMemorySyncServerStore } from './InMemorySyncServerStore'
import type { SyncTransport } from './SyncClient'
import { SyncServer, type Mutation } from './SyncServer'

const now = 1_000_000
let tick = 0
const stamp = () => formatHlc({ wall: now, counter: tick++, node: 'c1' })
const change = (counter: number, kind: string, id: string, deleted = false): Mutation => ({
  counter,
  change: {
    kind,
    id,
    fields: deleted ? {} : { name: { value: [id], hlc: stamp() } },
    deleted: { value: deleted, hlc: stamp() },
  },
})

describe('accountRecordKeys', () => {
  it('reads every live record of the account in pages, deletes left out, and changes nothing', async () => {
    const server = new SyncServer(new InMemorySyncServerStore(), new HlcClock('server', () => now, 60_000))
    const pulls: number[] = []
    const transport: SyncTransport = {
      push: (clientId, mutations) => server.push(clientId, mutations),
      pull: (after, limit, resync) => {
        pulls.push(after)
        return server.pull(after, limit, resync)
      },
    }
    await transport.push('c1', [
      change(1, 'collection', 'a'),
      change(2, 'collection', 'b'),
      change(3, 'document', 'd1'),
      change(4, 'chat_session', 's1'),
      change(5, 'collection', 'b', true),
    ])
    const keys = await accountRecordKeys(transport, 2)
    expect([...keys].sort()).toEqual(
      [recordKey('chat_session', 's1'), recordKey('collection', 'a'), recordKey('document', 'd1')].sort(),
    )
    expect(pulls.length).toBeGreaterThan(1)
    expect(pulls[0]).toBe(0)
  })
})
