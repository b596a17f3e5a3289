import { createResource, Match, Switch } from 'solid-js'
import { createSession, listSessions, type ChatSession } from '../api/chatApi'
import type { Collection } from '../api/collectionsApi'
import { ChatConversation } from '../chat/ChatConversation'
import { ErrorPanel } from '../components/ErrorPanel'
import { LoadingPanel } from '../components/LoadingPanel'
import type { BuiltinViewProps } from './builtinServices'
import { loadModuleCollection } from './loadModuleCollection'
import { MissingCollection, NotConfigured } from './NotConfigured'
import { moduleCollectionId } from './readBuiltinConfig'
import '../chat/chat.css'

/** The session a page's chat keeps its conversation in, named after its collection. */
export function pageChatName(collection: Pick<Collection, 'name'>): string {
  return `Page chat: ${collection.name}`
}

type PageChat = { collection: Collection; session: ChatSession } | { missing: string }

/** The collection's page chat session (found again on every visit), made the first time. */
async function openPageChat(collectionId: string): Promise<PageChat> {
  const found = await loadModuleCollection(collectionId)
  if ('missing' in found) return found
  const { collection } = found
  const name = pageChatName(collection)
  const session = (await listSessions()).find((s) => s.collection_id === collectionId && s.name === name)
  return { collection, session: session ?? (await createSession(name, collectionId)) }
}

/**
 * The chat screen's conversation for one collection, in a page's cell: the same thread, composer,
 * citations and source panel as at /chat, in a session of its own ("Page chat: <collection>") that the
 * chat screen lists too. Its collection is the one its settings pin, else the one chosen on the page.
 */
export default function BuiltinChat(props: BuiltinViewProps) {
  const collectionId = () => moduleCollectionId(props.config, props.services.chosenCollection())
  const [chat, { refetch }] = createResource(() => collectionId() || undefined, openPageChat)
  const open = () => {
    const value = chat.error ? undefined : chat.latest
    return value && 'session' in value && value.collection.id === collectionId() ? value : undefined
  }
  const missing = () => {
    const value = chat.error ? undefined : chat.latest
    return value !== undefined && 'missing' in value && value.missing === collectionId()
  }
  return (
    <Switch fallback={<LoadingPanel label="Opening the chat…" />}>
      <Match when={!collectionId()}>
        <NotConfigured
          module="Chat"
          onChoose={(collection_id) => props.services.saveConfig({ collection_id })}
        />
      </Match>
      <Match when={chat.error}>
        <ErrorPanel title="This chat could not be opened" error={chat.error} onRetry={() => void refetch()} />
      </Match>
      <Match when={missing()}>
        <MissingCollection module="Chat" />
      </Match>
      {/* Keyed: a collection chosen on the page opens that collection's own session, a new conversation. */}
      <Match when={open()} keyed>
        {(opened) => (
          <div class="builtin-chat">
            <ChatConversation
              session={opened.session}
              collectionName={opened.collection.name}
              onTurnEnded={() => undefined}
              autoFocus={false}
            />
          </div>
        )}
      </Match>
    </Switch>
  )
}
