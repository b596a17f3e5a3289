import React, { useEffect, useState } from 'react'
import { errorText, isRecord, settle, type ModuleProps } from '../../shared/braindriveServices'
import { collectionSelectedMessage, FOLLOWER_CHANNEL } from '../../shared/collectionSelected'

// The person's collections (`GET /api/collections/` through the api service, with their rights);
// clicking one tells the page's follower modules which collection was chosen.

interface OverviewConfig {
  title: string
  show_descriptions: boolean
}
interface Collection {
  id: string
  name: string
  description: string
  document_count: number | undefined
}

function readCollections(body: unknown): Collection[] {
  if (!Array.isArray(body)) return []
  return body.flatMap((item) =>
    isRecord(item) && typeof item.id === 'string' && typeof item.name === 'string'
      ? [
          {
            id: item.id,
            name: item.name,
            description: typeof item.description === 'string' ? item.description : '',
            document_count: typeof item.document_count === 'number' ? item.document_count : undefined,
          },
        ]
      : [],
  )
}

export default function CollectionOverview(props: ModuleProps<OverviewConfig> & { title?: string }) {
  const { services, config } = props
  const api = services?.api
  const title = config?.title || props.title || 'Collections'
  const showDescriptions = config?.show_descriptions ?? true
  const [collections, setCollections] = useState<Collection[]>([])
  const [selected, setSelected] = useState<string | undefined>()
  const [status, setStatus] = useState(api ? 'Loading collections…' : 'The api service is not available.')

  useEffect(() => {
    if (!api) return
    let live = true
    api.get('/api/collections/').then(
      (body) => {
        if (!live) return
        const list = readCollections(body)
        setCollections(list)
        setStatus(list.length ? `${list.length} collections` : 'No collections yet')
      },
      (error: unknown) => live && setStatus(`Could not load collections: ${errorText(error)}`),
    )
    return () => {
      live = false
    }
  }, [api])

  function choose(collection: Collection): void {
    setSelected(collection.id)
    const event = services?.event
    if (!event) {
      setStatus('The event service is not available.')
      return
    }
    const message = collectionSelectedMessage({
      collection_id: collection.id,
      name: collection.name,
      description: collection.description,
    })
    settle(() => event.sendMessage(FOLLOWER_CHANNEL, message, { remote: false })).then(
      () => setStatus(`Sent “${collection.name}”`),
      (error: unknown) => setStatus(`Could not send: ${errorText(error)}`),
    )
  }

  return (
    <section
      data-testid="quire-collections"
      aria-label={title}
      style={{ fontFamily: 'system-ui, sans-serif', padding: 12 }}
    >
      <h2 style={{ fontSize: 18, margin: '0 0 8px' }}>{title}</h2>
      <p data-testid="collections-status" role="status" style={{ fontSize: 12, margin: '0 0 6px' }}>
        {status}
      </p>
      <ul data-testid="collections-list" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {collections.map((collection) => (
          <li key={collection.id} style={{ padding: '2px 0' }}>
            <button
              type="button"
              data-testid="collections-item"
              data-collection-id={collection.id}
              aria-pressed={selected === collection.id}
              onClick={() => choose(collection)}
              style={{ width: '100%', textAlign: 'left', fontWeight: selected === collection.id ? 700 : 400 }}
            >
              {collection.name}
              {collection.document_count !== undefined ? ` (${collection.document_count})` : ''}
            </button>
            {showDescriptions && collection.description ? (
              <div style={{ fontSize: 12, opacity: 0.8 }}>{collection.description}</div>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  )
}

export { CollectionOverview }
