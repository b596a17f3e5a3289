import { canonicalJson } from './canonicalJson'
import type { SyncClientStore } from './SyncClient'
import { isLive, type SyncRecord } from './SyncRecord'

const keyOf = (r: { kind: string; id: string }): string => `${r.kind}/${r.id}`

/**
 * After a quiet round every replica must hold exactly the server's live records (fields, tombstone
 * stamp and conflicts alike), no tombstones of its own, and an empty outbox. Returns what differs.
 */
export async function checkReplicas(
  serverRecords: readonly SyncRecord[],
  replicas: ReadonlyArray<{ name: string; store: Pick<SyncClientStore, 'outbox' | 'allRecords'> }>,
): Promise<string[]> {
  const problems: string[] = []
  const server = new Map(serverRecords.map((r) => [keyOf(r), r]))
  const live = serverRecords.filter(isLive)
  for (const { name, store } of replicas) {
    const outbox = await store.outbox()
    if (outbox.length > 0) problems.push(`${name} still has ${outbox.length} unacknowledged mutations`)
    const mine = new Map((await store.allRecords()).map((r) => [keyOf(r), r]))
    for (const record of live) {
      const local = mine.get(keyOf(record))
      if (!local) problems.push(`${name} lacks ${keyOf(record)}`)
      else if (canonicalJson(local) !== canonicalJson(record)) {
        problems.push(
          `${name} differs on ${keyOf(record)}: ${canonicalJson(local)} != server ${canonicalJson(record)}`,
        )
      }
    }
    for (const [key, local] of mine) {
      const theirs = server.get(key)
      if (!isLive(local)) problems.push(`${name} still holds the tombstone of ${key}`)
      else if (!theirs || !isLive(theirs))
        problems.push(`${name} holds ${key}, which the server does not have live`)
    }
  }
  return problems
}
