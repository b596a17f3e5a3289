import { createSignal, createUniqueId, onCleanup, onMount } from 'solid-js'
import { ACCEPTED_EXTENSIONS } from '../documents/documentLabels'
import './uploadDropZone.css'

export interface UploadDropZoneProps {
  /** Every file of one drop or one choice, in order. */
  onFiles: (files: File[]) => void
  /** The zone's heading; "Add documents" by default. */
  title?: string
  /** The line under the heading; by default the document types Quire reads. */
  hint?: string
  /** The picker's `accept`; by default the document extensions. */
  accept?: string
  /** One file at a time instead of several. */
  single?: boolean
  /** The picker button's label; "Choose files" by default. */
  buttonLabel?: string
}

const carriesFiles = (event: DragEvent) => event.dataTransfer?.types.includes('Files') ?? false

/**
 * Where files come in: dropped (several at once) or picked with "Choose files", which opens a real file input
 * so the keyboard and assistive technology get the platform's own picker. The input itself stays out of the
 * accessibility tree; the button is its one name.
 */
export function UploadDropZone(props: UploadDropZoneProps) {
  const titleId = createUniqueId()
  const hintId = createUniqueId()
  const [dragging, setDragging] = createSignal(false)
  let input!: HTMLInputElement

  // A file dropped just beside the zone would make the browser open it in place of the app, losing
  // whatever was in progress; outside the zone a drop is refused instead.
  const refuse = (event: DragEvent) => {
    if (!carriesFiles(event)) return
    event.preventDefault()
    if (event.dataTransfer) event.dataTransfer.dropEffect = 'none'
  }
  onMount(() => {
    window.addEventListener('dragover', refuse)
    window.addEventListener('drop', refuse)
  })
  onCleanup(() => {
    window.removeEventListener('dragover', refuse)
    window.removeEventListener('drop', refuse)
  })

  const over = (event: DragEvent) => {
    if (!carriesFiles(event)) return
    event.preventDefault()
    // Handled here, so the window's refusal above must not see it.
    event.stopPropagation()
    if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy'
    setDragging(true)
  }

  const drop = (event: DragEvent) => {
    if (!carriesFiles(event)) return
    event.preventDefault()
    event.stopPropagation()
    setDragging(false)
    const files = [...(event.dataTransfer?.files ?? [])]
    if (files.length > 0) props.onFiles(files)
  }

  return (
    <section
      class="drop-zone"
      classList={{ 'drop-zone-active': dragging() }}
      aria-labelledby={titleId}
      onDragEnter={over}
      onDragOver={over}
      onDragLeave={(event) => {
        // Leaving for a child element is not leaving the zone.
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false)
      }}
      onDrop={drop}
    >
      <div class="drop-zone-icon" aria-hidden="true">
        <span />
      </div>
      <div class="drop-zone-text">
        <h2 id={titleId} class="drop-zone-title">
          {dragging() ? 'Drop to upload' : (props.title ?? 'Add documents')}
        </h2>
        <p id={hintId} class="drop-zone-hint">
          {props.hint ??
            'Drag files here, or choose them. PDF, Word, PowerPoint, Markdown, HTML and plain text.'}
        </p>
      </div>
      <button
        type="button"
        class="button button-primary"
        aria-describedby={hintId}
        onClick={() => input.click()}
      >
        {props.buttonLabel ?? 'Choose files'}
      </button>
      <input
        ref={input}
        type="file"
        multiple={!props.single}
        accept={props.accept ?? ACCEPTED_EXTENSIONS.join(',')}
        hidden
        onChange={(event) => {
          const files = [...(event.currentTarget.files ?? [])]
          // Cleared so that choosing the same file again (after deleting it, say) still fires a change.
          event.currentTarget.value = ''
          if (files.length > 0) props.onFiles(files)
        }}
      />
    </section>
  )
}
