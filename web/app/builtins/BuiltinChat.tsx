import { createResource, Show } from 'solid-js'
import { createSession, listSessions, type ChatSession } from '../api/chatApi'
import { getCollection, type Collection } from '../api/collectionsApi'
import { ChatConversation } from '../chat/ChatConversation'
import { ErrorPanel } from '../components/ErrorPanel'
import { LoadingPanel } from '../components/LoadingPanel'
import { NotConfigured } from './NotConfigured'
import { configCollectionId } from './readBuiltinConfig'
import '../chat/chat.css'

/** The session a page's chat keeps its conversation in, named after its collection. */
export function pageChatName(collection: Pick<Collection, 'name'>): string {
  return `Page chat: ${collection.name}`
}

/** The collection's page chat session (found again on every visit), made the first time. */
async function openPageChat(collectionId: string): Promise<{ collection: Collection; session: ChatSession }> {
  const collection = await getCollection(collectionId)
  const name = pageChatName(collection)
  const found = (await listSessions()).find((s) => s.collection_id === collectionId && s.name === name)
  return { collection, session: found ?? (await createSession(name, collectionId)) }
}

/**
 * The chat screen's conversation for one collection, in a page's cell: the same thread, composer,
 * citations and source panel as at /chat, in a session of its own ("Page chat: <collection>") that the
 * chat screen lists too.
 */
export default function BuiltinChat(props: { config: Record<string, unknown> }) {
  const collectionId = () => configCollectionId(props.config)
  const [chat, { refetch }] = createResource(() => collectionId() || undefined, openPageChat)
  return (
    <Show when={collectionId()} fallback={<NotConfigured module="Chat" field="collection_id" />}>
      <Show
        when={!chat.error}
        fallback={
          <ErrorPanel
            title="This chat could not be opened"
            error={chat.error}
            onRetry={() => void refetch()}
          />
        }
      >
        <Show when={chat()} fallback={<LoadingPanel label="Opening the chat…" />}>
          {(open) => (
            <div class="builtin-chat">
              <ChatConversation
                session={open().session}
                collectionName={open().collection.name}
                onTurnEnded={() => undefined}
              />
            </div>
          )}
        </Show>
      </Show>
    </Show>
  )
}
