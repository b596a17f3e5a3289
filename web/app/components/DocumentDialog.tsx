import { createResource, createSignal, createUniqueId, Match, Show, Switch } from 'solid-js'
import { errorDetail } from '../api/ApiRequestError'
import { documentFileUrl, type QuireDocument } from '../api/documentsApi'
import { PdfPageView } from '../chat/PdfPageView'
import { formatBytes, typeLabel } from '../documents/documentLabels'
import { Dialog } from './Dialog'
import './documentDialog.css'

export interface DocumentDialogProps {
  document: QuireDocument
  /** Renames the document; rejects with the API's detail, which the dialog shows. */
  onRename: (name: string) => Promise<void>
  onClose: () => void
  /** Where focus goes on close (the row's name button, which a rename may have drawn anew). */
  returnFocus?: () => HTMLElement | null | undefined
  fallbackFocus?: () => HTMLElement | null | undefined
}

/** Kinds whose original file is text a person can read as it is. */
const TEXT_KINDS = new Set(['markdown', 'text', 'html'])
/** How much of a text file the preview shows; the download has all of it. */
const TEXT_PREVIEW_LIMIT = 200_000

/**
 * One document opened from its collection: a preview (a PDF's pages in the page viewer, with paging; a
 * text file's text, shown as text, never as markup), the original file to download, and its name to
 * change. Other kinds (Word, PowerPoint, images) are offered as a download.
 */
export function DocumentDialog(props: DocumentDialogProps) {
  const ids = { title: createUniqueId(), name: createUniqueId(), error: createUniqueId() }
  const [name, setName] = createSignal(props.document.original_filename)
  const [renameError, setRenameError] = createSignal<string>()
  const [renaming, setRenaming] = createSignal(false)
  const [page, setPage] = createSignal(1)
  const [pages, setPages] = createSignal<number>()
  const kind = () => props.document.document_type
  const ready = () => props.document.status === 'completed'
  const [text] = createResource(
    () => (TEXT_KINDS.has(kind()) ? props.document.id : undefined),
    async (id) => {
      const response = await fetch(documentFileUrl(id))
      if (!response.ok) throw new Error(`The file could not be loaded (${response.status}).`)
      return (await response.text()).slice(0, TEXT_PREVIEW_LIMIT)
    },
  )

  // Fetched, not followed as a link: the in-browser API answers fetches, while a download navigation
  // would go past it to the static host.
  const [downloading, setDownloading] = createSignal(false)
  const [downloadError, setDownloadError] = createSignal<string>()
  const download = async () => {
    if (downloading()) return
    setDownloading(true)
    setDownloadError(undefined)
    try {
      const response = await fetch(documentFileUrl(props.document.id))
      if (!response.ok) throw new Error(`The file could not be downloaded (${response.status}).`)
      const url = URL.createObjectURL(await response.blob())
      const link = document.createElement('a')
      link.href = url
      link.download = props.document.original_filename
      link.click()
      // The browser has taken the file by the next task; the object URL can go.
      setTimeout(() => URL.revokeObjectURL(url), 0)
    } catch (error) {
      setDownloadError(errorDetail(error))
    } finally {
      setDownloading(false)
    }
  }

  const rename = async (event: SubmitEvent) => {
    event.preventDefault()
    const wanted = name().trim()
    if (!wanted) return setRenameError('Give the document a name.')
    if (wanted === props.document.original_filename) return
    setRenaming(true)
    setRenameError(undefined)
    try {
      await props.onRename(wanted)
    } catch (error) {
      setRenameError(errorDetail(error))
    } finally {
      setRenaming(false)
    }
  }

  return (
    <Dialog
      labelledBy={ids.title}
      onClose={() => props.onClose()}
      returnFocus={props.returnFocus}
      fallbackFocus={props.fallbackFocus}
      class="document-dialog"
    >
      <div class="dialog-body">
        <h2 id={ids.title} class="dialog-title">
          {props.document.original_filename}
        </h2>
        <p class="document-dialog-facts">
          {typeLabel(kind())} · {formatBytes(props.document.file_size)}
          <Show when={props.document.metadata.pages}>{(count) => <> · {count()} pages</>}</Show>
        </p>
        <div class="document-dialog-actions">
          <button type="button" class="button" aria-disabled={downloading()} onClick={() => void download()}>
            Download
          </button>
          <form class="document-dialog-rename" onSubmit={(event) => void rename(event)}>
            <label class="field-label" for={ids.name}>
              Name
            </label>
            <input
              id={ids.name}
              class="input"
              value={name()}
              maxlength="255"
              aria-invalid={renameError() ? true : undefined}
              aria-describedby={renameError() ? ids.error : undefined}
              onInput={(event) => setName(event.currentTarget.value)}
            />
            <button type="submit" class="button" aria-disabled={renaming()}>
              Rename
            </button>
          </form>
        </div>
        <Show when={renameError()}>
          {(message) => (
            <p id={ids.error} class="form-alert" role="alert">
              {message()}
            </p>
          )}
        </Show>
        <Show when={downloadError()}>
          {(message) => (
            <p class="form-alert" role="alert">
              {message()}
            </p>
          )}
        </Show>
        <section class="document-preview" aria-label="Preview">
          <Switch
            fallback={
              <p class="empty-text">
                {ready()
                  ? `No preview for ${typeLabel(kind())} files here; download it to open it.`
                  : 'The preview shows once the document is processed.'}
              </p>
            }
          >
            <Match when={kind() === 'pdf' && ready()}>
              <div class="document-pager" role="group" aria-label="Pages">
                <button
                  type="button"
                  class="button button-small"
                  aria-disabled={page() <= 1}
                  onClick={() => setPage((p) => Math.max(1, p - 1))}
                >
                  Previous page
                </button>
                <span aria-live="polite">
                  Page {page()}
                  <Show when={pages()}>{(count) => <> of {count()}</>}</Show>
                </span>
                <button
                  type="button"
                  class="button button-small"
                  aria-disabled={pages() !== undefined && page() >= (pages() ?? 1)}
                  onClick={() => setPage((p) => Math.min(pages() ?? p + 1, p + 1))}
                >
                  Next page
                </button>
              </div>
              <PdfPageView documentId={props.document.id} page={page()} onPageCount={setPages} />
            </Match>
            <Match when={TEXT_KINDS.has(kind())}>
              <Show when={!text.error} fallback={<p class="form-alert">{errorDetail(text.error)}</p>}>
                <pre class="document-preview-text" tabindex="0" aria-label="Text">
                  {text() ?? 'Loading…'}
                </pre>
              </Show>
            </Match>
          </Switch>
        </section>
        <div class="dialog-actions">
          <button type="button" class="button button-primary" onClick={() => props.onClose()}>
            Close
          </button>
        </div>
      </div>
    </Dialog>
  )
}
