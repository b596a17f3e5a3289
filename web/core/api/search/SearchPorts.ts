import type { Store } from '../../store/Store'
import type { ApiPorts } from '../ApiPorts'

/**
 * What both search routes touch: the collection asked for, and what `searchChunks` reads (completed
 * documents, their chunks, the index and the query embedders; `logError` for an embedder that fails).
 */
export type SearchPorts = Pick<ApiPorts, 'index' | 'queryEmbedders' | 'logError'> & {
  store: Pick<Store, 'collections' | 'documents' | 'chunks'>
}
