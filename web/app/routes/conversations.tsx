import { createFileRoute, useRouter, type ErrorComponentProps } from '@tanstack/solid-router'
import { ErrorPanel } from '../components/ErrorPanel'
import { LoadingPanel } from '../components/LoadingPanel'
import { ConversationsPage } from '../conversations/ConversationsPage'
import { loadConversationsScreen } from '../conversations/loadConversationsScreen'

interface ConversationsSearch {
  /** The open conversation; in the URL so that a reload (or a shared link) returns to it. */
  id?: string
  /** The sidebar's tag filter, kept for the same reason. */
  tag?: string
}

export const Route = createFileRoute('/conversations')({
  validateSearch: (search: Record<string, unknown>): ConversationsSearch => {
    const result: ConversationsSearch = {}
    if (typeof search.id === 'string' && search.id) result.id = search.id
    if (typeof search.tag === 'string' && search.tag) result.tag = search.tag
    return result
  },
  loader: ({ abortController }) => loadConversationsScreen(abortController.signal),
  pendingMs: 300,
  pendingComponent: () => <LoadingPanel label="Loading your conversations…" />,
  errorComponent: ConversationsError,
  component: ConversationsRoute,
})

function ConversationsRoute() {
  const data = Route.useLoaderData()
  const search = Route.useSearch()
  return <ConversationsPage data={data()} conversationId={search().id} tagId={search().tag} />
}

function ConversationsError(props: ErrorComponentProps) {
  const router = useRouter()
  return (
    <section class="page" aria-labelledby="conversations-title">
      <header class="page-header">
        <h1 id="conversations-title" class="page-title">
          Conversations
        </h1>
      </header>
      <ErrorPanel
        title="Your conversations could not be loaded"
        error={props.error}
        onRetry={() => void router.invalidate()}
      />
    </section>
  )
}
