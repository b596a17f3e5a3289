import { createSignal, For, onCleanup, Show } from 'solid-js'
import type { PDFDocumentProxy } from 'pdfjs-dist'
import { PdfPageView } from '../chat/PdfPageView'
import { NumberField } from '../ui/NumberField'
import { TextField } from '../ui/TextField'
import { findInPdf, MAX_HITS, type PdfHit } from './findInPdf'
import './pdfReader.css'

export interface PdfReaderProps {
  documentId: string
  /** The page it opens at (1 when not given). */
  initialPage?: number
}

interface Search {
  query: string
  hits: PdfHit[]
  /** Pages read so far; the search is over when it equals the page count. */
  read: number
  done: boolean
}

/**
 * A long PDF, read in the document's dialog (issue 40): Previous and Next, a page field (type 317, press
 * Enter), and find in document, whose hits are listed by page, each opening its page with the words
 * marked. The page itself is `PdfPageView`, which hands over the loaded document for the search.
 */
export function PdfReader(props: PdfReaderProps) {
  const [page, setPage] = createSignal(props.initialPage ?? 1)
  const [pages, setPages] = createSignal<number>()
  const [typed, setTyped] = createSignal(String(props.initialPage ?? 1))
  const [pageError, setPageError] = createSignal<string>()
  const [query, setQuery] = createSignal('')
  const [search, setSearch] = createSignal<Search>()
  const [terms, setTerms] = createSignal<string>()
  let pdf: PDFDocumentProxy | undefined
  let searching: AbortController | undefined
  onCleanup(() => searching?.abort())

  const go = (to: number) => {
    const last = pages() ?? to
    const next = Math.min(Math.max(1, to), last)
    setPage(next)
    setTyped(String(next))
    setPageError(undefined)
  }

  const goToTyped = (event: SubmitEvent) => {
    event.preventDefault()
    const wanted = Number(typed())
    const last = pages()
    if (!Number.isInteger(wanted) || wanted < 1 || (last !== undefined && wanted > last)) {
      setPageError(last ? `Type a page from 1 to ${last}.` : 'Type a page number.')
      return
    }
    go(wanted)
  }

  const find = async (event: SubmitEvent) => {
    event.preventDefault()
    const words = query().trim()
    searching?.abort()
    if (!words || !pdf) {
      setSearch(undefined)
      setTerms(undefined)
      return
    }
    const controller = new AbortController()
    searching = controller
    setSearch({ query: words, hits: [], read: 0, done: false })
    setTerms(words)
    await findInPdf(
      pdf,
      words,
      (hit) => setSearch((s) => s && { ...s, hits: [...s.hits, hit] }),
      (read) => setSearch((s) => s && { ...s, read }),
      controller.signal,
    ).catch(() => undefined)
    if (!controller.signal.aborted) setSearch((s) => s && { ...s, done: true })
  }

  const status = (s: Search) => {
    const found = s.hits.length === 1 ? '1 page' : `${s.hits.length} pages`
    if (!s.done) return `Searching… page ${s.read} of ${pages() ?? '?'}; “${s.query}” on ${found} so far`
    if (s.hits.length === 0) return `“${s.query}” is not in this document.`
    return s.hits.length >= MAX_HITS
      ? `“${s.query}” is on the first ${found} listed here (and more).`
      : `“${s.query}” is on ${found}.`
  }

  return (
    <div class="pdf-reader">
      <div class="pdf-reader-tools">
        <div class="pdf-reader-pager" role="group" aria-label="Pages">
          <button
            type="button"
            class="button button-small"
            aria-disabled={page() <= 1}
            onClick={() => go(page() - 1)}
          >
            Previous page
          </button>
          <form class="pdf-reader-page-form" novalidate onSubmit={goToTyped}>
            <NumberField
              label="Page"
              class="pdf-reader-page-field"
              value={typed()}
              min="1"
              max={pages()}
              inputmode="numeric"
              error={pageError()}
              onInput={(event) => setTyped(event.currentTarget.value)}
            />
            <span class="pdf-reader-of">
              <Show when={pages()}>{(count) => <>of {count()}</>}</Show>
            </span>
          </form>
          <button
            type="button"
            class="button button-small"
            aria-disabled={pages() !== undefined && page() >= (pages() ?? 1)}
            onClick={() => go(page() + 1)}
          >
            Next page
          </button>
        </div>
        <form
          class="pdf-reader-find"
          role="search"
          aria-label="Find in document"
          onSubmit={(e) => void find(e)}
        >
          <TextField
            label="Find in document"
            labelHidden
            type="search"
            placeholder="Find in document"
            value={query()}
            maxlength="200"
            onInput={(event) => setQuery(event.currentTarget.value)}
          />
          <button type="submit" class="button button-small">
            Find
          </button>
        </form>
      </div>
      <Show when={search()}>
        {(s) => (
          <section class="pdf-reader-hits" aria-label="Pages found">
            <p class="pdf-reader-hits-status" role="status">
              {status(s())}
            </p>
            <Show when={s().hits.length > 0}>
              <ol class="pdf-reader-hit-list">
                <For each={s().hits}>
                  {(hit) => (
                    <li>
                      <button
                        type="button"
                        class="pdf-reader-hit"
                        aria-current={hit.page === page() ? 'true' : undefined}
                        onClick={() => go(hit.page)}
                      >
                        <span class="pdf-reader-hit-page">Page {hit.page}</span>
                        <span class="pdf-reader-hit-snippet">{hit.snippet}</span>
                      </button>
                    </li>
                  )}
                </For>
              </ol>
            </Show>
          </section>
        )}
      </Show>
      <PdfPageView
        documentId={props.documentId}
        page={page()}
        terms={terms()}
        onPageCount={setPages}
        onDocument={(loaded) => (pdf = loaded)}
      />
    </div>
  )
}
