import { createResource, createSignal, createUniqueId, Match, onCleanup, Show, Switch } from 'solid-js'
import { errorDetail } from '../api/ApiRequestError'
import { fetchDocumentFile, type QuireDocument } from '../api/documentsApi'
import { formatBytes, lengthLabel, typeLabel } from '../documents/documentLabels'
import { ImagePreview } from '../documents/ImagePreview'
import { MoreMenu } from '../documents/MoreMenu'
import { OfficePreview } from '../documents/OfficePreview'
import { PdfReader } from '../documents/PdfReader'
import { Dialog } from '../ui/Dialog'
import { createSubmission } from '../ui/createSubmission'
import { FormAlert } from '../ui/FormAlert'
import { TextField } from '../ui/TextField'
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
/** Kinds whose text Quire reads with its Office parsers, which the preview runs again. */
const OFFICE_KINDS = new Set(['docx', 'doc', 'pptx', 'ppt'])
/** Kinds read by OCR, whose preview is the image itself. */
const IMAGE_KINDS = new Set(['png', 'jpeg', 'webp', 'tiff'])
/** How much of a text file the preview shows; the download has all of it. */
const TEXT_PREVIEW_LIMIT = 200_000
/** Where the dialog takes the whole screen (documentDialog.css) and Download and Rename fold into "More". */
const PHONE = '(max-width: 40rem)'

/**
 * One document opened from its collection: a preview, the original file to download, and its name to
 * change. The preview is a PDF's pages in the page viewer, with paging; a text file's text, shown as
 * text, never as markup; an image as it is (ImagePreview); and for Word and PowerPoint, what Quire read
 * from the file (OfficePreview: headings, paragraphs, lists, tables, one section per slide). PDF, Word,
 * PowerPoint and image previews show once the document is processed; a failed one still shows its file
 * (why a Word file could not be read, an image OCR found no text in). On a phone, Download and Rename
 * are under "More" (issue 70: with the reader's controls they filled the first screen): at the end of a
 * PDF's bar, or of the facts line for other kinds.
 */
export function DocumentDialog(props: DocumentDialogProps) {
  const ids = { title: createUniqueId(), error: createUniqueId() }
  const [name, setName] = createSignal(props.document.original_filename)
  const kind = () => props.document.document_type
  const ready = () => props.document.status === 'completed'
  const processed = () => ready() || props.document.status === 'failed'
  const [text] = createResource(
    () => (TEXT_KINDS.has(kind()) ? props.document.id : undefined),
    async (id) => (await (await fetchDocumentFile(id)).text()).slice(0, TEXT_PREVIEW_LIMIT),
  )

  const phoneQuery = window.matchMedia(PHONE)
  const [phone, setPhone] = createSignal(phoneQuery.matches)
  const onPhoneChange = () => setPhone(phoneQuery.matches)
  phoneQuery.addEventListener('change', onPhoneChange)
  onCleanup(() => phoneQuery.removeEventListener('change', onPhoneChange))
  const pdfShown = () => kind() === 'pdf' && ready()

  const [downloading, setDownloading] = createSignal(false)
  const [downloadError, setDownloadError] = createSignal<string>()
  const download = async () => {
    if (downloading()) return
    setDownloading(true)
    setDownloadError(undefined)
    try {
      const url = URL.createObjectURL(await fetchDocumentFile(props.document.id))
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

  // The name as typed stays after a refusal, with the API's reason under the row.
  const rename = createSubmission(
    async () => {
      const wanted = name().trim()
      if (wanted !== props.document.original_filename) await props.onRename(wanted)
    },
    () => (name().trim() ? undefined : 'Give the document a name.'),
  )

  // Download and Rename, with what they answered: in the dialog's flow, or in "More" on a phone.
  const actions = () => (
    <>
      <div class="document-dialog-actions">
        <button type="button" class="button" aria-disabled={downloading()} onClick={() => void download()}>
          Download
        </button>
        {/* One row: the field and its button; the refusal is the alert under the row, which it blames. */}
        <form class="document-dialog-rename" novalidate onSubmit={(event) => rename.submit(event)}>
          <TextField
            label="Name"
            value={name()}
            maxlength="255"
            invalid={rename.error() !== undefined}
            describedBy={rename.error() ? ids.error : undefined}
            onInput={(event) => setName(event.currentTarget.value)}
          />
          <button type="submit" class="button" aria-disabled={rename.pending()}>
            Rename
          </button>
        </form>
      </div>
      <FormAlert id={ids.error} message={rename.error()} />
      <FormAlert message={downloadError()} />
    </>
  )

  return (
    <Dialog
      labelledBy={ids.title}
      onClose={() => props.onClose()}
      returnFocus={props.returnFocus}
      fallbackFocus={props.fallbackFocus}
      class="document-dialog"
    >
      {/* The kit's dialog-body around this is what scrolls; the header sticks to its top. */}
      <div class="document-dialog-content">
        {/* Stays in view while a long document scrolls under it: the name, and Close. */}
        <header class="document-dialog-header">
          <h2
            id={ids.title}
            class="dialog-title document-dialog-title"
            title={props.document.original_filename}
          >
            {props.document.original_filename}
          </h2>
          <button type="button" class="button document-dialog-close" onClick={() => props.onClose()}>
            Close
          </button>
        </header>
        <div class="document-dialog-facts-row">
          <p class="document-dialog-facts">
            {typeLabel(kind())} · {formatBytes(props.document.file_size)}
            <Show when={lengthLabel(kind(), props.document.metadata.pages)}>
              {(length) => <> · {length()}</>}
            </Show>
          </p>
          <Show when={phone() && !pdfShown()}>
            <MoreMenu>{actions()}</MoreMenu>
          </Show>
        </div>
        <Show when={!phone()}>{actions()}</Show>
        <section class="document-preview" aria-label="Preview">
          <Switch
            fallback={
              <p class="empty-text">
                {ready()
                  ? `No preview for ${typeLabel(kind())} files here; download it to open it.`
                  : props.document.status === 'failed'
                    ? 'No preview: the document could not be processed. Download it to open it.'
                    : 'The preview shows once the document is processed.'}
              </p>
            }
          >
            <Match when={kind() === 'pdf' && ready()}>
              <PdfReader
                documentId={props.document.id}
                more={phone() ? <MoreMenu>{actions()}</MoreMenu> : undefined}
              />
            </Match>
            <Match when={OFFICE_KINDS.has(kind()) && processed()}>
              <OfficePreview document={props.document} />
            </Match>
            <Match when={IMAGE_KINDS.has(kind()) && processed()}>
              <ImagePreview documentId={props.document.id} name={props.document.original_filename} />
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
      </div>
    </Dialog>
  )
}
