import type { Store } from '../Store'
import type { HostCase } from '../../testing/HostCase'
import { chatConformance } from './chatConformance'
import { collectionConformance } from './collectionConformance'
import { documentConformance } from './documentConformance'
import { evaluationConformance } from './evaluationConformance'
import { lookupConformance } from './lookupConformance'
import { recordConformance } from './recordConformance'

/**
 * What every Store adapter must do, written once. A runner gives each case a fresh, empty store and
 * a way to reopen the same underlying database (to prove persistence), and closes both afterwards.
 */
export interface StoreConformanceContext {
  store: Store
  /** Closes `store` and opens a new Store over the same database. */
  reopen(): Promise<Store>
}

export const storeConformance: HostCase<StoreConformanceContext>[] = [
  ...collectionConformance,
  ...documentConformance,
  ...chatConformance,
  ...evaluationConformance,
  ...lookupConformance,
  ...recordConformance,
]
