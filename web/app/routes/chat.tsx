import { createFileRoute, useRouter, type ErrorComponentProps } from '@tanstack/solid-router'
import { listSessions } from '../api/chatApi'
import { listCollections } from '../api/collectionsApi'
import { ChatPage } from '../chat/ChatPage'
import { ErrorPanel } from '../components/ErrorPanel'
import { LoadingPanel } from '../components/LoadingPanel'

interface ChatSearch {
  /** The open session; in the URL so that a reload (or a shared link) returns to it. */
  session?: string
}

export const Route = createFileRoute('/chat')({
  validateSearch: (search: Record<string, unknown>): ChatSearch =>
    typeof search.session === 'string' && search.session ? { session: search.session } : {},
  loader: async ({ abortController }) => {
    const signal = abortController.signal
    const [sessions, collections] = await Promise.all([listSessions(signal), listCollections(signal)])
    return { sessions, collections }
  },
  pendingMs: 300,
  pendingComponent: () => <LoadingPanel label="Loading your chats…" />,
  errorComponent: ChatError,
  component: ChatRoute,
})

function ChatRoute() {
  const data = Route.useLoaderData()
  const search = Route.useSearch()
  return <ChatPage sessions={data().sessions} collections={data().collections} sessionId={search().session} />
}

function ChatError(props: ErrorComponentProps) {
  const router = useRouter()
  return (
    <section class="page" aria-labelledby="chat-title">
      <header class="page-header">
        <h1 id="chat-title" class="page-title">
          Chat
        </h1>
      </header>
      <ErrorPanel
        title="Your chats could not be loaded"
        error={props.error}
        onRetry={() => void router.invalidate()}
      />
    </section>
  )
}
