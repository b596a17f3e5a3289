import { Link } from '@tanstack/solid-router'
import type { Collection } from '../api/collectionsApi'
import './collectionCard.css'

export interface CollectionCardProps {
  collection: Collection
  onEdit: () => void
  onDelete: () => void
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' })
const fullDateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeStyle: 'short' })

export function documentCountLabel(count: number): string {
  return `${count.toLocaleString()} ${count === 1 ? 'document' : 'documents'}`
}

/**
 * One collection. The article is named by its heading, so "the card called X" is one role query away; the
 * Edit and Delete buttons keep those exact short names and take their context from the card around them.
 * The heading's text is the link to the collection's page (its name is the collection's name); the
 * stylesheet stretches its hit area over the whole card, below the buttons.
 */
export function CollectionCard(props: CollectionCardProps) {
  const headingId = () => `collection-${props.collection.id}-name`
  const updated = () => new Date(props.collection.updated_at)

  return (
    <article
      class="card"
      classList={{ 'card-uncoloured': !props.collection.color }}
      aria-labelledby={headingId()}
      style={props.collection.color ? { '--card-accent': props.collection.color } : undefined}
    >
      <h2 id={headingId()} class="card-title">
        <Link
          to="/collections/$collectionId"
          params={{ collectionId: props.collection.id }}
          class="card-link"
        >
          {props.collection.name}
        </Link>
      </h2>
      <p class="card-description">{props.collection.description}</p>
      <p class="card-meta">
        <span>{documentCountLabel(props.collection.document_count)}</span> <span aria-hidden="true">·</span>{' '}
        <span>
          Updated{' '}
          <time datetime={props.collection.updated_at} title={fullDateFormat.format(updated())}>
            {dateFormat.format(updated())}
          </time>
        </span>
      </p>
      <div class="card-actions">
        <button type="button" class="button button-small" onClick={() => props.onEdit()}>
          Edit
        </button>
        <button
          type="button"
          class="button button-small button-danger-quiet"
          onClick={() => props.onDelete()}
        >
          Delete
        </button>
      </div>
    </article>
  )
}
