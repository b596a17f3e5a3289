import { Link } from '@tanstack/solid-router'
import { ExportCollectionButton } from '../collections/ExportCollectionButton'
import { createMemo, createSignal, createUniqueId, Show } from 'solid-js'
import type { Collection } from '../api/collectionsApi'
import type { QuireDocument } from '../api/documentsApi'
import { createDocumentList, isPendingUpload } from '../documents/createDocumentList'
import { isActive } from '../documents/documentLabels'
import { showToast } from '../toasts/toastStore'
import { usePageTitle } from '../usePageTitle'
import { documentCountLabel } from './CollectionCard'
import { ConfirmDialog } from '../ui/ConfirmDialog'
import { DocumentDialog } from './DocumentDialog'
import { DocumentTable } from './DocumentTable'
import { DuplicateDialog } from './DuplicateDialog'
import { PasswordDialog } from './PasswordDialog'
import { UploadDropZone } from './UploadDropZone'
import { FolderPanel } from '../folders/FolderPanel'
import './collectionPage.css'

export interface CollectionPageProps {
  collection: Collection
  documents: readonly QuireDocument[]
}

/**
 * One collection and its documents: upload, watch processing, give a password, delete. The route mounts a
 * fresh page per collection id, so uploads and polling never carry over from one collection to another.
 */
export function CollectionPage(props: CollectionPageProps) {
  usePageTitle(() => props.collection.name)
  const documentsTitleId = createUniqueId()
  const list = createDocumentList(props.collection.id, () => props.documents)
  const [toDelete, setToDelete] = createSignal<QuireDocument>()
  const [askPassword, setAskPassword] = createSignal<QuireDocument>()
  // By id: the row's document is replaced as polls and renames come in, the open dialog follows it.
  const [openId, setOpenId] = createSignal<string>()
  const opened = createMemo(() => list.documents().find((document) => document.id === openId()))
  let documentsHeading!: HTMLHeadingElement
  // Set when a delete went through: the row holding the dialog's opener is gone.
  let deleted = false

  // Counted from the list on screen rather than the loaded collection, so it moves as processing finishes.
  const counts = createMemo(() => {
    const documents = list.documents()
    return {
      completed: documents.filter((d) => d.status === 'completed').length,
      active: documents.filter(isActive).length + list.uploads().filter(isPendingUpload).length,
      failed: documents.filter((d) => d.status === 'failed').length,
    }
  })

  // The batch under way as a whole (a folder of 200 dropped at once): the documents ended since
  // processing began, out of those and the ones still in progress. What had ended before is left out.
  const batch = createMemo<{ start: number } | undefined>((previous) => {
    const { active, completed, failed } = counts()
    if (active === 0) return undefined
    return previous ?? { start: completed + failed }
  })
  const batchProgress = () => {
    const started = batch()
    if (!started) return undefined
    const { active, completed, failed } = counts()
    const done = Math.max(0, completed + failed - started.start)
    return { done, total: done + active }
  }

  const remove = async (document: QuireDocument) => {
    await list.remove(document)
    deleted = true
    setToDelete(undefined)
    showToast({ message: `Deleted “${document.original_filename}”` })
  }

  const retry = async (document: QuireDocument, password: string) => {
    await list.retry(document, password)
    setAskPassword(undefined)
  }

  return (
    <section class="page" aria-labelledby="collection-title">
      <header
        class="page-header collection-header"
        classList={{ 'collection-uncoloured': !props.collection.color }}
        style={props.collection.color ? { '--collection-accent': props.collection.color } : undefined}
      >
        <div>
          <h1 id="collection-title" class="page-title">
            {props.collection.name}
          </h1>
          <Show when={props.collection.description}>
            <p class="page-lead collection-description">{props.collection.description}</p>
          </Show>
          <p class="collection-meta">
            {/* "Ready" only when something is not, so that a plain count stays plain. */}
            <span>
              {documentCountLabel(counts().completed)}
              {counts().active + counts().failed > 0 ? ' ready' : ''}
            </span>
            <Show when={counts().active > 0}>
              {' '}
              <span aria-hidden="true">·</span> <span>{counts().active.toLocaleString()} in progress</span>
            </Show>
            <Show when={counts().failed > 0}>
              {' '}
              <span aria-hidden="true">·</span> <span>{counts().failed.toLocaleString()} failed</span>
            </Show>
          </p>
          <Show when={batchProgress()}>
            {(progress) => (
              <progress
                class="collection-progress"
                aria-label="Documents processed"
                value={progress().done}
                max={Math.max(progress().total, 1)}
              />
            )}
          </Show>
        </div>
        {/* A new chat on this collection, ready to type (the Chat screen preselects it in "Search in"). */}
        <div class="collection-actions">
          <ExportCollectionButton collectionId={props.collection.id} />
          <Link to="/chat" search={{ collection: props.collection.id }} class="button button-primary">
            Ask this collection
          </Link>
        </div>
      </header>

      <UploadDropZone onFiles={(files) => list.upload(files)} />

      <FolderPanel
        collectionId={props.collection.id}
        onChanged={() => void list.refresh().catch(() => undefined)}
        onFiles={(files) => list.upload(files)}
      />

      <section class="doc-section" aria-labelledby={documentsTitleId}>
        <h2 ref={documentsHeading} id={documentsTitleId} class="doc-section-title" tabindex="-1">
          Documents
        </h2>
        <DocumentTable
          labelledBy={documentsTitleId}
          documents={list.documents()}
          uploads={list.uploads()}
          onEnterPassword={(document) => setAskPassword(document)}
          onDelete={(document) => setToDelete(document)}
          onOpen={(document) => setOpenId(document.id)}
          onDismissUpload={(upload) => list.dismissUpload(upload.key)}
        />
      </section>

      <Show when={toDelete()} keyed>
        {(document) => {
          deleted = false
          return (
            <ConfirmDialog
              title={`Delete “${document.original_filename}”?`}
              confirmLabel="Delete"
              destructive
              onConfirm={() => remove(document)}
              onCancel={() => setToDelete(undefined)}
              returnFocus={() => (deleted ? documentsHeading : undefined)}
              fallbackFocus={() => documentsHeading}
            >
              <p>The document and everything Quire learned from it will be removed from this collection.</p>
            </ConfirmDialog>
          )
        }}
      </Show>

      <Show when={opened()?.id} keyed>
        {(id) => (
          <Show when={opened()}>
            {(document) => (
              <DocumentDialog
                document={document()}
                onRename={async (name) => {
                  const renamed = await list.rename(document(), name)
                  showToast({ message: `Renamed to “${renamed.original_filename}”` })
                }}
                onClose={() => setOpenId(undefined)}
                returnFocus={() =>
                  documentsHeading
                    .closest('section')
                    ?.querySelector<HTMLElement>(`[data-document-id="${CSS.escape(id)}"]`)
                }
                fallbackFocus={() => documentsHeading}
              />
            )}
          </Show>
        )}
      </Show>

      <Show when={list.duplicates()[0]?.key} keyed>
        {(key) => (
          <Show when={list.duplicates().find((upload) => upload.key === key)}>
            {(upload) => (
              <DuplicateDialog
                upload={upload()}
                waiting={list.duplicates().length}
                onAnswer={(answer, all) => list.answerDuplicate(key, answer, all)}
                fallbackFocus={() => documentsHeading}
              />
            )}
          </Show>
        )}
      </Show>

      <Show when={askPassword()} keyed>
        {(document) => (
          <PasswordDialog
            document={document}
            onSubmit={(password) => retry(document, password)}
            onCancel={() => setAskPassword(undefined)}
            // Once processing restarts, the row no longer shows the "Enter password" button that opened this.
            fallbackFocus={() => documentsHeading}
          />
        )}
      </Show>
    </section>
  )
}
