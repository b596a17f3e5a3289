/**
 * Embeds search queries with a given embedder, so that a query meets the stored vectors of its own
 * vector space. Hosts load models lazily and cache them; `null` means this host cannot embed with
 * that embedder now (a model that is missing offline, say), and search falls back to BM25.
 */
export interface QueryEmbedders {
  embed(embedderId: string, text: string, signal?: AbortSignal): Promise<Float32Array | null>
}
