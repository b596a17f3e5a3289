import type { Store } from '../../../store/Store'
import type { HostCase } from '../../HostCase'
import type { StoreConformanceContext } from './StoreConformanceContext'
import { chatConformance } from './chatConformance'
import { chunkConformance } from './chunkConformance'
import { collectionConformance } from './collectionConformance'
import { documentConformance } from './documentConformance'
import { evaluationConformance } from './evaluationConformance'
import { openingConformance } from './openingConformance'
import { recordConformance } from './recordConformance'
import { settingsConformance } from './settingsConformance'

/** The sub-ports of Store (every member but `close`). */
export type StoreSubPort = Exclude<keyof Store, 'close'>

/**
 * The cases per sub-port: a runner reports each under its sub-port's name. A case may set up what
 * it needs through other sub-ports (a document needs a collection); it checks the one it is filed under.
 */
export const storeConformance: Record<StoreSubPort, HostCase<StoreConformanceContext>[]> = {
  collections: collectionConformance,
  documents: documentConformance,
  chunks: [...chunkConformance, ...openingConformance],
  chat: chatConformance,
  evaluation: evaluationConformance,
  settings: settingsConformance,
  records: recordConformance,
}
