import type { SyncClient } from '../../web/core/sync/SyncClient'

/**
 * Runs sync rounds until one pulls nothing (the replica then equals the server's live records) and
 * resolves how many rounds that took, the quiet one included. Throws after `maxRounds`: a device
 * that never becomes quiet is a bug, not a slow run.
 */
export async function syncToQuiet(client: Pick<SyncClient, 'sync'>, maxRounds = 100): Promise<number> {
  for (let rounds = 1; rounds <= maxRounds; rounds++) {
    if ((await client.sync()).pulled === 0) return rounds
  }
  throw new Error(`the device was not quiet after ${maxRounds} sync rounds`)
}
