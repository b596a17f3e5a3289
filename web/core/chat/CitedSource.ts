import type { SourceDocument } from './SourceDocument'
import type { WebSource } from '../websearch/WebSource'

/** Any cited source: a document passage (no `kind`) or a web page (`kind: 'web'`). */
export type CitedSource = SourceDocument | WebSource

export function isWebSource(source: CitedSource): source is WebSource {
  return (source as { kind?: unknown }).kind === 'web'
}
