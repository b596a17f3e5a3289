import type { Store } from '../../../store/Store'
import type { StoredRecord } from '../../../store/StoredRecord'
import { PROFILE_SEEDS } from './profileSeeds'
import { profileSeedKind } from '../../../records/kinds/profileSeedKind'
import type { SeedRecord } from './SeedRecord'
import { SEED_TIME } from '../../../records/seedTime'

const MARKER_ID = 'seeded'

/**
 * Gives a profile the records a new BrainDrive user starts with (setting definitions, navigation
 * routes, components; `profileSeeds.ts`), once: a seed written before (recorded in this host's own
 * marker) is never written again, so one the person deleted or changed stays as they left it. Runs on
 * the host's own store, under the sync wrapper: seeds are identical everywhere, so they need not sync.
 */
export async function seedProfile(
  store: Store,
  userId: string,
  seeds: readonly SeedRecord[] = PROFILE_SEEDS,
): Promise<number> {
  const marker = await store.records.getRecord(profileSeedKind.kind, MARKER_ID)
  const done = new Set(Array.isArray(marker?.data.ids) ? (marker.data.ids as string[]) : [])
  const missing = seeds.filter((seed) => !done.has(`${seed.kind.kind}:${seed.id}`))
  if (missing.length === 0) return 0
  const writes = []
  for (const seed of missing) {
    // A record the person made with a seed's id (a synced copy, say) is theirs: it is left as it is.
    if (await store.records.getRecord(seed.kind.kind, seed.id)) continue
    const data = { ...seed.data }
    if ('user_id' in data && data.user_id === null) data.user_id = userId
    const record: StoredRecord = {
      kind: seed.kind.kind,
      id: seed.id,
      parent_id: seed.parent_id ?? null,
      data,
      created_at: SEED_TIME,
      updated_at: SEED_TIME,
    }
    writes.push({ put: record })
  }
  const ids = [...done, ...missing.map((seed) => `${seed.kind.kind}:${seed.id}`)]
  const now = new Date().toISOString()
  writes.push({
    put: {
      kind: profileSeedKind.kind,
      id: MARKER_ID,
      parent_id: null,
      data: { ids },
      created_at: marker?.created_at ?? now,
      updated_at: now,
    },
  })
  await store.records.writeRecords(writes)
  return writes.length - 1
}
