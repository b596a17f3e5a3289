import { z } from 'zod'

/** This device's data that is not in the account it just signed in to, counted for the question. */
export const localDataCountsSchema = z
  .object({
    collections: z.number().int().nonnegative(),
    documents: z.number().int().nonnegative(),
    chats: z.number().int().nonnegative(),
  })
  .meta({
    description:
      'This device’s collections, documents and chats that the account does not have (settings and pages follow the account and are not counted)',
  })
export type LocalDataCounts = z.infer<typeof localDataCountsSchema>

/**
 * What a person does with that data: `merge` sends it to the account (it syncs from then on), `keep`
 * keeps it on this device only (never synced, nor what is added to it later), `discard` deletes it from
 * this device (it was in no account: nothing brings it back).
 */
export const LOCAL_DATA_CHOICES = ['merge', 'keep', 'discard'] as const
export type LocalDataChoice = (typeof LOCAL_DATA_CHOICES)[number]

/**
 * The host's sync engine, as the account sees it: after a sign-in, sync waits while this device holds
 * data the account does not have, until the person chooses what becomes of it.
 */
export interface LocalDataPort {
  /** The counts waiting for a choice; null when sync is not waiting for one. */
  pending(): Promise<LocalDataCounts | null>
  /** Carries out the choice, then starts syncing. Resolves false when no choice was waiting. */
  choose(choice: LocalDataChoice): Promise<boolean>
  /** What a person kept on this device only (`keep`) and this device still has, counted; null for none. */
  kept(): Promise<LocalDataCounts | null>
  /**
   * Sends what was kept on this device only to the account, as `merge` would have: from then on it
   * syncs like the rest. Resolves false when nothing is kept, or this device does not sync with the
   * signed-in account yet (a sign-in's question waits: it comes first).
   */
  sendKept(): Promise<boolean>
}
