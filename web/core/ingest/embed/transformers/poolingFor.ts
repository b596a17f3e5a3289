/**
 * How a sentence-embedding model pools token vectors, by its family: BGE models are trained on the
 * first ([CLS]) token, sentence-transformers models (MiniLM, mpnet, e5, gte...) on the mean. Unknown
 * models get the mean, the sentence-transformers default.
 */
export function poolingFor(modelId: string): 'mean' | 'cls' {
  return /(^|[/_-])bge([_-]|$)/iu.test(modelId) ? 'cls' : 'mean'
}
