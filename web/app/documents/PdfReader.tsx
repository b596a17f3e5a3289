import { createSignal, createUniqueId, For, onCleanup, Show, type JSX } from 'solid-js'
import type { PDFDocumentProxy } from 'pdfjs-dist'
import { PdfPageView } from '../chat/PdfPageView'
import { NumberField } from '../ui/NumberField'
import { TextField } from '../ui/TextField'
import { findInPdf, MAX_HITS, type PdfHit } from './findInPdf'
import { zoomLabel, zoomStep } from './pdfZoom'
import './pdfReader.css'

export interface PdfReaderProps {
  documentId: string
  /** The page it opens at (1 when not given). */
  initialPage?: number
  /** What ends the bar: the document dialog's "More" on a phone (Download, Rename). */
  more?: JSX.Element
}

interface Search {
  query: string
  hits: PdfHit[]
  /** Pages read so far; the search is over when it equals the page count. */
  read: number
  done: boolean
}

/** A magnifying glass: "Find" in the phone's bar, where the word does not fit. */
function FindIcon() {
  return (
    <svg class="pdf-reader-glyph" viewBox="0 0 20 20" width="18" height="18" aria-hidden="true">
      <circle cx="8.5" cy="8.5" r="5.5" fill="none" stroke="currentColor" stroke-width="2" />
      <path d="M12.5 12.5 17 17" stroke="currentColor" stroke-width="2" stroke-linecap="round" />
    </svg>
  )
}

/**
 * A long PDF, read in the document's dialog (issue 40): one bar (issue 70: on a phone the controls filled
 * the first screen) with Previous and Next, a page field (type 317, press Enter), find in document, whose
 * hits are listed by page, each opening its page with the words marked, the zoom, and what the dialog puts
 * at its end. The page fits the width at first, on a phone too, and two fingers zoom it. On a phone the
 * buttons are signs with their words for screen readers, and find opens under the bar from its button.
 * The page itself is `PdfPageView`, which hands over the loaded document for the search.
 */
export function PdfReader(props: PdfReaderProps) {
  const findId = createUniqueId()
  const [page, setPage] = createSignal(props.initialPage ?? 1)
  const [pages, setPages] = createSignal<number>()
  const [typed, setTyped] = createSignal(String(props.initialPage ?? 1))
  const [pageError, setPageError] = createSignal<string>()
  const [query, setQuery] = createSignal('')
  const [search, setSearch] = createSignal<Search>()
  const [terms, setTerms] = createSignal<string>()
  const [zoom, setZoom] = createSignal(1)
  const [findOpen, setFindOpen] = createSignal(false)
  let findForm!: HTMLFormElement
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

  const toggleFind = () => {
    const open = !findOpen()
    setFindOpen(open)
    if (open) findForm.querySelector('input')?.focus()
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
      <div class="pdf-reader-bar">
        <div class="pdf-reader-pager" role="group" aria-label="Pages">
          <button
            type="button"
            class="button button-small pdf-reader-button"
            aria-disabled={page() <= 1}
            onClick={() => go(page() - 1)}
          >
            <span class="pdf-reader-glyph" aria-hidden="true">
              ‹
            </span>
            <span class="pdf-reader-word">Previous page</span>
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
            class="button button-small pdf-reader-button"
            aria-disabled={pages() !== undefined && page() >= (pages() ?? 1)}
            onClick={() => go(page() + 1)}
          >
            <span class="pdf-reader-glyph" aria-hidden="true">
              ›
            </span>
            <span class="pdf-reader-word">Next page</span>
          </button>
        </div>
        <button
          type="button"
          class="button button-small pdf-reader-button pdf-reader-find-toggle"
          aria-expanded={findOpen()}
          aria-controls={findId}
          onClick={toggleFind}
        >
          <FindIcon />
          <span class="pdf-reader-word">Find</span>
        </button>
        <div class="pdf-reader-zoom" role="group" aria-label="Zoom">
          <button
            type="button"
            class="button button-small pdf-reader-button"
            aria-disabled={zoom() === zoomStep(zoom(), -1)}
            onClick={() => setZoom(zoomStep(zoom(), -1))}
          >
            <span class="pdf-reader-glyph" aria-hidden="true">
              −
            </span>
            <span class="pdf-reader-word">Zoom out</span>
          </button>
          <span class="pdf-reader-zoom-level" aria-live="polite">
            {zoomLabel(zoom())}
          </span>
          <button
            type="button"
            class="button button-small pdf-reader-button"
            aria-disabled={zoom() === zoomStep(zoom(), 1)}
            onClick={() => setZoom(zoomStep(zoom(), 1))}
          >
            <span class="pdf-reader-glyph" aria-hidden="true">
              +
            </span>
            <span class="pdf-reader-word">Zoom in</span>
          </button>
        </div>
        {props.more}
        <form
          ref={findForm}
          id={findId}
          class="pdf-reader-find"
          classList={{ 'pdf-reader-find-open': findOpen() }}
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
        zoom={zoom()}
        onZoom={setZoom}
        onPageCount={setPages}
        onDocument={(loaded) => (pdf = loaded)}
      />
    </div>
  )
}
