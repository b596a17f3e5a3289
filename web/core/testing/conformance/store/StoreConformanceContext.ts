import type { Store } from '../../../store/Store'

/**
 * What every Store adapter must do, written once. A runner gives each case a fresh, empty store and
 * a way to reopen the same underlying database (to prove persistence), and closes both afterwards.
 */
export interface StoreConformanceContext {
  store: Store
  /** Closes `store` and opens a new Store over the same database. */
  reopen(): Promise<Store>
}
