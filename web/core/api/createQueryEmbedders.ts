import type { Embedder } from '../ingest/embed/Embedder'
import { hashEmbedder } from '../ingest/embed/hashEmbedder'
import type { QueryEmbedders } from '../retrieve/QueryEmbedders'

/**
 * Query embedders over a host's model loader. `hash-v1` is always here; a model is created once
 * and kept (loading it is the slow part). A model that fails to load is forgotten, so a later
 * query tries again (the network may be back), and that query answers with BM25 meanwhile.
 */
export function createQueryEmbedders(
  embedderFor: (id: string) => Embedder | undefined = () => undefined,
  logError: (error: unknown) => void = console.error,
): QueryEmbedders {
  const loaded = new Map<string, Embedder>([[hashEmbedder.id, hashEmbedder]])
  return {
    async embed(embedderId, text, signal) {
      let embedder = loaded.get(embedderId)
      if (!embedder) {
        embedder = embedderFor(embedderId)
        if (!embedder) return null
        loaded.set(embedderId, embedder)
      }
      try {
        const [vector] = await embedder.embed([text], signal)
        return vector ?? null
      } catch (error) {
        signal?.throwIfAborted()
        if (embedderId !== hashEmbedder.id) loaded.delete(embedderId)
        logError(error)
        return null
      }
    },
  }
}
