/**
 * A web page cited beside the document passages when a question is asked with "search the web": a
 * result of the person's SearXNG instance, numbered after the passages and cited `[n]` like them,
 * stored with the answer in `metadata.source_documents`.
 */
export interface WebSource {
  kind: 'web'
  /** The number the answer cites it by, after the document passages'. */
  number: number
  url: string
  title: string
  /** What the answer was given: the page's main text (clipped), or SearXNG's snippet when it could not be read. */
  content: string
  /** `page` when `content` is the page's text, `snippet` when the page could not be read. */
  from: 'page' | 'snippet'
  /** SearXNG's engine that found it, when it said. */
  engine: string | null
  /** 1 for the first result, falling with rank (SearXNG's own scores are not on one scale). */
  score: number
}
