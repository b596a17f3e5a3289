import { createFileRoute, type ErrorComponentProps } from '@tanstack/solid-router'
import { listSessions } from '../api/chatApi'
import { listCollections } from '../api/collectionsApi'
import { ChatPage, type ChatSearch } from '../chat/ChatPage'
import { LoadingPanel } from '../components/LoadingPanel'
import { loadConversationsScreen } from '../conversations/loadConversationsScreen'
import { LoadErrorScreen } from '../ui/LoadErrorScreen'

const SEARCH_KEYS = ['session', 'conversation', 'tag', 'collection'] as const

export const Route = createFileRoute('/chat')({
  // The open chat (a session or a conversation), the tag filter and a new chat's collection are in the
  // URL, so a reload (or a shared link) returns to them.
  validateSearch: (search: Record<string, unknown>): ChatSearch => {
    const result: ChatSearch = {}
    for (const key of SEARCH_KEYS) {
      const value = search[key]
      if (typeof value === 'string' && value) result[key] = value
    }
    return result
  },
  loader: async ({ abortController }) => {
    const signal = abortController.signal
    const [sessions, collections, conversations] = await Promise.all([
      listSessions(signal),
      listCollections(signal),
      loadConversationsScreen(signal),
    ])
    return { ...conversations, sessions, collections }
  },
  pendingMs: 300,
  pendingComponent: () => <LoadingPanel label="Loading your chats…" />,
  errorComponent: ChatError,
  component: ChatRoute,
})

function ChatRoute() {
  const data = Route.useLoaderData()
  const search = Route.useSearch()
  return <ChatPage data={data()} search={search()} />
}

function ChatError(props: ErrorComponentProps) {
  return (
    <LoadErrorScreen
      titleId="chat-title"
      title="Chat"
      errorTitle="Your chats could not be loaded"
      error={props.error}
    />
  )
}
