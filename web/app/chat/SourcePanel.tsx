import { createResource, createUniqueId, onMount, Show } from 'solid-js'
import { getDocument } from '../api/documentsApi'
import { isWebSource } from '../../core/chat/CitedSource'
import type { CitedSource, SourceDocument } from '../api/chatApi'
import { ocrNote } from '../search/ocrNote'
import { PassageText } from '../search/PassageText'
import { PdfPageView } from './PdfPageView'
import './sourcePanel.css'

export interface SourcePanelProps {
  source: CitedSource
  /** The answer's sentence that cited it (a chip opened it), to mark the lines it read. */
  quote?: string | undefined
  onClose: () => void
}

/**
 * A cited source beside the thread: for a document passage, where it comes from (`DocumentFacts`: file,
 * page, section, whether OCR read it and how sure it was, and, for a PDF, the page itself with the passage highlighted); for a web page (a "search
 * the web" source), its title and address, a link that opens in a new tab; then the text the answer was
 * given. Not modal: the reader can keep reading the answer while it is open. Focus moves to its heading
 * on open; Escape or Close returns it to the chip that opened it.
 */
export function SourcePanel(props: SourcePanelProps) {
  let heading!: HTMLHeadingElement
  // Per instance: two chat modules on one page may each have a source open.
  const titleId = createUniqueId()
  onMount(() => heading.focus())

  return (
    <aside
      class="chat-source"
      aria-labelledby={titleId}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation()
          props.onClose()
        }
      }}
    >
      <header class="chat-source-header">
        <h2 ref={heading} id={titleId} class="chat-source-title" tabindex="-1">
          Source {props.source.number}
        </h2>
        <button type="button" class="button button-quiet button-small" onClick={() => props.onClose()}>
          Close
        </button>
      </header>
      <Show
        when={isWebSource(props.source) ? props.source : undefined}
        fallback={<DocumentFacts source={props.source as SourceDocument} quote={props.quote} />}
      >
        {(web) => (
          <dl class="chat-source-facts">
            <dt>Web page</dt>
            <dd>{web().title}</dd>
            <dt>Address</dt>
            <dd>
              <a class="chat-source-url" href={web().url} target="_blank" rel="noopener noreferrer">
                {web().url}
              </a>
            </dd>
            <dt>Text</dt>
            <dd>
              {web().from === 'page'
                ? 'The page’s main text'
                : 'The search snippet (the page could not be read)'}
            </dd>
          </dl>
        )}
      </Show>
      <h3 class="chat-source-subtitle">Passage</h3>
      <blockquote class="chat-source-passage" tabindex="0" aria-label="Passage text">
        <PassageText text={props.source.content} />
      </blockquote>
    </aside>
  )
}

/** Where a document passage comes from and, for a PDF, the page itself with the passage highlighted. */
function DocumentFacts(props: { source: SourceDocument; quote?: string | undefined }) {
  // Only the document's kind is needed; a failure simply means no page preview.
  const [document] = createResource(
    () => props.source.document_id,
    (id) => getDocument(id).catch(() => undefined),
  )
  // Read only once loaded, through `latest`: a resource read while it loads suspends the nearest
  // <Suspense>, the route's, which takes the whole Chat screen out of the document for that moment, and
  // the thread's scroll position with it (a citation opened scrolled the conversation to its top).
  const isPdf = () => document.state === 'ready' && document.latest?.document_type === 'pdf'
  return (
    <>
      <dl class="chat-source-facts">
        <dt>File</dt>
        <dd>{props.source.filename}</dd>
        <Show when={props.source.page !== null}>
          <dt>Page</dt>
          <dd>{props.source.page}</dd>
        </Show>
        <Show when={props.source.heading}>
          <dt>Section</dt>
          <dd>{props.source.heading}</dd>
        </Show>
        <Show when={ocrNote(props.source.ocr)}>
          {(note) => (
            <>
              <dt>Text</dt>
              <dd class="chat-source-ocr">{note()}</dd>
            </>
          )}
        </Show>
      </dl>
      {/* The page first: it shows the passage in place; the text below is what the answer was given. */}
      <Show when={isPdf() && props.source.page !== null}>
        <PdfPageView
          documentId={props.source.document_id}
          page={props.source.page ?? 1}
          passage={props.source.content}
          quote={props.quote}
        />
      </Show>
    </>
  )
}
