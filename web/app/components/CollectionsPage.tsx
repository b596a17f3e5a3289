import { useRouter } from '@tanstack/solid-router'
import { createComputed, createSignal, createUniqueId, For, Show } from 'solid-js'
import { createStore, reconcile } from 'solid-js/store'
import {
  createCollection,
  deleteCollection,
  updateCollection,
  type Collection,
  type CollectionInput,
} from '../api/collectionsApi'
import { showToast } from '../toasts/toastStore'
import { usePageTitle } from '../usePageTitle'
import { CollectionCard, documentCountLabel } from './CollectionCard'
import { CollectionForm } from './CollectionForm'
import { ArrowKeyList } from '../ui/ArrowKeyList'
import { ConfirmDialog } from '../ui/ConfirmDialog'
import { Dialog } from '../ui/Dialog'
import { NoCollections } from './NoCollections'
import { Screen } from '../ui/Screen'
import './collectionCard.css'

const UNDO_MS = 8000

/** What the form dialog is doing: creating (no collection) or editing one. */
type FormTarget = { collection?: Collection }

/**
 * The Collections screen. The list comes from the route loader; every mutation goes to the API and then
 * invalidates the router, so what is shown is always what the API holds rather than a local guess.
 */
export function CollectionsPage(props: { collections: readonly Collection[] }) {
  usePageTitle('Collections')
  const router = useRouter()
  const formTitleId = createUniqueId()
  const [formTarget, setFormTarget] = createSignal<FormTarget>()
  const [toDelete, setToDelete] = createSignal<Collection>()
  let heading!: HTMLHeadingElement
  let newButton!: HTMLButtonElement
  // Set when a delete went through: the card holding the dialog's opener is gone, focus goes to the heading.
  let deleted = false

  // Reconciled by id so a reload keeps unchanged cards (and the focus inside them) instead of rebuilding all.
  const [list, setList] = createStore<{ items: Collection[] }>({ items: [] })
  createComputed(() => setList('items', reconcile([...props.collections], { key: 'id' })))

  const create = async (input: CollectionInput) => {
    const created = await createCollection(input)
    await router.invalidate()
    setFormTarget(undefined)
    showToast({ message: `Created “${created.name}”` })
  }

  const save = async (collection: Collection, input: CollectionInput) => {
    // Only changed fields go out: sync merges per field, so untouched ones must not overwrite other devices.
    const patch: Partial<CollectionInput> = {}
    if (input.name !== collection.name) patch.name = input.name
    if (input.description !== collection.description) patch.description = input.description
    if (input.color !== collection.color) patch.color = input.color
    if (Object.keys(patch).length > 0) {
      const saved = await updateCollection(collection.id, patch)
      await router.invalidate()
      showToast({ message: `Saved changes to “${saved.name}”` })
    }
    setFormTarget(undefined)
  }

  const remove = async (collection: Collection) => {
    await deleteCollection(collection.id)
    deleted = true
    await router.invalidate()
    setToDelete(undefined)
    const { name, description, color } = collection
    showToast({
      message: `Deleted “${name}”`,
      durationMs: UNDO_MS,
      action: {
        label: 'Undo',
        // The API has no restore: undo recreates the collection with the same fields (a new id).
        run: async () => {
          await createCollection({ name, description, color })
          await router.invalidate()
          showToast({ message: `Restored “${name}”` })
        },
      },
    })
  }

  return (
    <Screen
      titleId="collections-title"
      titleRef={(element) => (heading = element)}
      title="Collections"
      lead={
        <Show when={list.items.length > 0} fallback="Group your documents, then ask them questions.">
          {list.items.length === 1 ? '1 collection' : `${list.items.length} collections`}
        </Show>
      }
      actions={
        <button ref={newButton} type="button" class="button button-primary" onClick={() => setFormTarget({})}>
          <span aria-hidden="true" class="button-icon">
            +
          </span>
          New collection
        </button>
      }
    >
      <Show when={list.items.length > 0} fallback={<NoCollections onCreate={() => setFormTarget({})} />}>
        {/* A grid of cards: the arrow keys move between them, Tab from a card's name to its Edit and Delete. */}
        <ArrowKeyList class="card-grid" role="list" grid>
          <For each={list.items}>
            {(collection) => (
              <li>
                <CollectionCard
                  collection={collection}
                  onEdit={() => setFormTarget({ collection })}
                  onDelete={() => setToDelete(collection)}
                />
              </li>
            )}
          </For>
        </ArrowKeyList>
      </Show>

      {/* Keyed: each opening gets a fresh dialog and plain values that stay readable in its cleanup. */}
      <Show when={formTarget()} keyed>
        {(target) => (
          <Dialog
            labelledBy={formTitleId}
            onClose={() => setFormTarget(undefined)}
            // Creating may replace the empty state (and its button) with the list; "New collection" stays.
            returnFocus={() => (target.collection ? undefined : newButton)}
            fallbackFocus={() => newButton}
          >
            <h2 id={formTitleId} class="dialog-title">
              {target.collection ? 'Edit collection' : 'New collection'}
            </h2>
            <CollectionForm
              initial={target.collection}
              onCancel={() => setFormTarget(undefined)}
              onSubmit={(input) => (target.collection ? save(target.collection, input) : create(input))}
            />
          </Dialog>
        )}
      </Show>

      <Show when={toDelete()} keyed>
        {(collection) => {
          deleted = false
          return (
            <ConfirmDialog
              title={`Delete “${collection.name}”?`}
              confirmLabel="Delete"
              destructive
              onConfirm={() => remove(collection)}
              onCancel={() => setToDelete(undefined)}
              // The card holding the opener is gone after a delete; the page heading is the next landmark.
              returnFocus={() => (deleted ? heading : undefined)}
              fallbackFocus={() => heading}
            >
              <Show
                when={collection.document_count > 0}
                fallback={
                  <p>The collection will be removed. You can undo this for a few seconds afterwards.</p>
                }
              >
                <p>
                  The collection and its {documentCountLabel(collection.document_count)} will be removed. Undo
                  brings back the collection, but not its documents.
                </p>
              </Show>
            </ConfirmDialog>
          )
        }}
      </Show>
    </Screen>
  )
}
