import { createUniqueId } from 'solid-js'
import type { SearchChunk } from '../api/searchApi'
import { PassageText } from './PassageText'
import { ocrNote } from './ocrNote'

/** One ranked passage: where it comes from, how well it matched, and its text with the query's words marked. */
export function SearchResult(props: { chunk: SearchChunk; query: string; rank: number }) {
  const percent = () => Math.round(props.chunk.score * 100)
  const meta = () => props.chunk.metadata
  // Unique per result, not per rank: two search modules on one page both have a first result.
  const id = createUniqueId()
  const titleId = () => `${id}-title`
  return (
    <article class="search-result" aria-labelledby={titleId()}>
      <header class="search-result-header">
        <h3 id={titleId()} class="search-result-title">
          <span class="search-rank">{props.rank}.</span> {meta().heading ?? meta().filename}
        </h3>
        <div class="search-score" title="Relevance score">
          <span class="search-score-bar" aria-hidden="true">
            <span style={{ width: `${percent()}%` }} />
          </span>
          <span>Score {percent()}%</span>
        </div>
      </header>
      <p class="search-source">
        <span class="search-mono">{meta().filename}</span>
        {meta().page !== null && <span> · page {meta().page}</span>}
        {meta().ocr && <span class="search-ocr"> · {ocrNote(meta().ocr)}</span>}
      </p>
      {/* A div: the passage may hold a table, which a paragraph cannot. */}
      <div class="search-content">
        <PassageText text={props.chunk.content} query={props.query} />
      </div>
    </article>
  )
}
