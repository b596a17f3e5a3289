import { randomUUID } from 'node:crypto'
import { type ChatTurnPorts, runChatTurn } from '../../web/core/chat/runChatTurn'
import type { SourceDocument } from '../../web/core/chat/SourceDocument'
import type { AnswerGenerator } from '../../web/core/generate/AnswerGenerator'
import { extractiveGenerator } from '../../web/core/generate/extractiveGenerator'
import type { ChatSession } from '../../web/core/store/ChatSession'
import { systemClock, toTimestamp } from '../../web/core/kernel/time/Clock'
import { cachedIngest } from '../lib/cachedIngest'
import { groupByDocument } from '../lib/groupByDocument'
import { memoryChatStore } from '../lib/memoryChatStore'
import { memorySearchPorts } from '../lib/memorySearchPorts'
import { type AnswerFolder, LIBRARY_FOLDER } from './answerFolder'

export interface LibraryReply {
  reply: string
  sources: SourceDocument[]
  ms: number
}

/**
 * A folder's files in one collection (the mixed library's 31 unless another folder is given; ingested
 * once, cached), and a chat over it: each question asked as a person asks it (`runChatTurn`, with the
 * extractive answerer unless another is given), in a session `newSession` makes.
 */
export async function libraryChat(
  progress: (message: string) => void,
  topK: number,
  folder: AnswerFolder = LIBRARY_FOLDER,
): Promise<{
  documents: number
  newSession(): Promise<ChatSession>
  ask(session: ChatSession, message: string, generator?: AnswerGenerator): Promise<LibraryReply>
}> {
  const library = await cachedIngest(folder.name, () => folder.ingest(progress))
  const documents = groupByDocument(library.chunks, folder.collection, (id) => id)
  const search = memorySearchPorts(documents)
  const chat = memoryChatStore()
  const ports: ChatTurnPorts = {
    ...search,
    store: { ...search.store, chat },
    clock: systemClock,
    newId: randomUUID,
  }
  return {
    documents: documents.length,
    newSession: () =>
      chat.createSession({
        id: randomUUID(),
        name: folder.name,
        collection_id: folder.collection,
        created_at: toTimestamp(systemClock.now()),
      }),
    async ask(session, message, generator = extractiveGenerator) {
      const started = performance.now()
      let done: { content: string; metadata: Record<string, unknown> } | undefined
      const turn = runChatTurn(ports, {
        session,
        message,
        collectionId: folder.collection,
        topK,
        hybrid: true,
        generator,
      })
      for await (const event of turn) if (event.type === 'done') done = event.message
      const ms = performance.now() - started
      if (!done) throw new Error(`no answer to ${JSON.stringify(message)}`)
      return { reply: done.content, sources: (done.metadata.source_documents ?? []) as SourceDocument[], ms }
    },
  }
}
