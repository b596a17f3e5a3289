import type { FileStore } from './FileStore'
import type { Store } from './Store'

/** The person's stored data and their files. */
export interface StorePorts {
  store: Store
  files: FileStore
}
