import { isRecord } from '../../shared/braindriveServices'
import type { StandInApi } from './standInServices'

// The calls BrainDrive's Chat With Docs plugin (BrainDriveAI/BrainDrive-Chat-With-Docs-Plugin) makes to
// its document chat service, made the same way: through the api service with the absolute URL
// `${apiBaseUrl}${endpoint}` (its src/infrastructure/http/HttpClient.ts:39), or with the frame's own
// `fetch` where it uses that. Each cites the file and line of the call it stands for.

// stands for BrainDrive-Chat-With-Docs src/constants.ts:118 (PLUGIN_SERVICE_RUNTIMES)
export const SERVICE_RUNTIMES = [
  { name: 'cwyd_service', healthcheck_url: 'http://localhost:8000/health' },
  { name: 'document_processing_service', healthcheck_url: 'http://localhost:8080/health' },
]
// stands for BrainDrive-Chat-With-Docs src/constants.ts:129 (CHAT_SERVICE_API_BASE)
export const CHAT_SERVICE_API_BASE = 'http://127.0.0.1:8000'

export interface Collection {
  id: string
  name: string
  document_count: number
}
export interface DocumentRow {
  id: string
  original_filename: string
  status: string
}
export interface Source {
  document_id: string
  filename: string
  content: string
}

const str = (value: unknown, fallback = ''): string => (typeof value === 'string' ? value : fallback)

/** Each service's state: 'ready', 'not-ready' (HTTP error) or 'error' (unreachable, blocked). */
export async function checkServices(): Promise<Array<{ name: string; status: string }>> {
  return Promise.all(
    SERVICE_RUNTIMES.map(async (service) => {
      try {
        // stands for BrainDrive-Chat-With-Docs src/braindrive-plugin/HealthCheckService.ts:17
        const response = await fetch(service.healthcheck_url, {
          method: 'GET',
          signal: AbortSignal.timeout(5000),
        })
        return { name: service.name, status: response.ok ? 'ready' : 'not-ready' }
      } catch {
        return { name: service.name, status: 'error' }
      }
    }),
  )
}

export async function listCollections(api: StandInApi, base: string): Promise<Collection[]> {
  // stands for BrainDrive-Chat-With-Docs src/infrastructure/repositories/CollectionRepository.ts:14
  const answer = await api.get(`${base}/collections/`)
  return (Array.isArray(answer) ? answer : []).filter(isRecord).map((c) => ({
    id: str(c.id),
    name: str(c.name),
    document_count: typeof c.document_count === 'number' ? c.document_count : 0,
  }))
}

function toDocument(d: Record<string, unknown>): DocumentRow {
  return { id: str(d.id), original_filename: str(d.original_filename), status: str(d.status) }
}

export async function listDocuments(
  api: StandInApi,
  base: string,
  collectionId: string,
): Promise<DocumentRow[]> {
  // stands for BrainDrive-Chat-With-Docs src/infrastructure/repositories/DocumentRepository.ts:14
  const answer = await api.get(`${base}/documents/?collection_id=${collectionId}`)
  return (Array.isArray(answer) ? answer : []).filter(isRecord).map(toDocument)
}

/** Uploads with the frame's fetch to the constant base, as the plugin does (not through `api`). */
export async function uploadDocument(file: File, collectionId: string): Promise<DocumentRow> {
  const formData = new FormData()
  formData.append('file', file)
  formData.append('collection_id', collectionId)
  // stands for BrainDrive-Chat-With-Docs src/document-view/DocumentService.ts:89
  const response = await fetch(`${CHAT_SERVICE_API_BASE}/documents/`, { method: 'POST', body: formData })
  if (!response.ok) throw new Error(`Upload failed: ${response.status} ${response.statusText}`)
  const body: unknown = await response.json()
  if (!isRecord(body)) throw new Error('Upload answered no document')
  return toDocument(body)
}

/**
 * Polls the document until it is neither processing nor uploaded, as the plugin's pollDocumentStatus
 * (src/services/documentPolling.ts:23, every 2 s; every second here, the tests' time being short).
 */
export function pollDocument(
  base: string,
  documentId: string,
  onUpdate: (document: DocumentRow) => void,
  intervalMs = 1000,
): () => void {
  const timer = setInterval(() => {
    void (async () => {
      // stands for BrainDrive-Chat-With-Docs src/services/documentPolling.ts:38
      const response = await fetch(`${base}/documents/${documentId}`)
      if (!response.ok) {
        if (response.status === 404) clearInterval(timer)
        return
      }
      const body: unknown = await response.json()
      if (!isRecord(body)) return
      const document = toDocument(body)
      onUpdate(document)
      if (document.status !== 'processing' && document.status !== 'uploaded') clearInterval(timer)
    })().catch(() => clearInterval(timer))
  }, intervalMs)
  return () => clearInterval(timer)
}

/** The passages of the collection that answer `query`, with the search config the plugin sends. */
export async function searchCollection(
  api: StandInApi,
  base: string,
  query: string,
  collectionId: string,
  chatHistory: Array<{ role: 'user' | 'assistant'; content: string }>,
): Promise<Source[]> {
  // stands for BrainDrive-Chat-With-Docs src/braindrive-plugin/DataRepository.ts:71 (the query and its config)
  const ragQuery = {
    query_text: query,
    collection_id: collectionId,
    chat_history: chatHistory,
    config: {
      use_chat_history: true,
      max_history_turns: 3,
      top_k: 7,
      use_hybrid: true,
      alpha: 0.5,
      use_intent_classification: true,
      query_transformation: { enabled: true, methods: [] },
      filters: { min_similarity: 0.8 },
    },
  }
  // stands for BrainDrive-Chat-With-Docs src/infrastructure/repositories/RAGRepository.ts:43
  const answer = await api.post(`${base}/search/`, ragQuery)
  const chunks = isRecord(answer) && Array.isArray(answer.chunks) ? answer.chunks.filter(isRecord) : []
  return chunks.map((chunk) => ({
    document_id: str(chunk.document_id),
    filename: isRecord(chunk.metadata)
      ? str(chunk.metadata.document_filename, str(chunk.metadata.filename))
      : '',
    content: str(chunk.content),
  }))
}

/** The prompt the plugin sends the model: the excerpts, then the question. */
export function enhancedPrompt(prompt: string, sources: Source[]): string {
  // stands for BrainDrive-Chat-With-Docs src/collection-chat-view/CollectionChatViewShell.tsx:1687
  const context = sources.map((source, index) => `Excerpt: ${index}\n${source.content}\n\n`).join(', ')
  return context ? `\n${context}\n\nUser Question: ${prompt}` : prompt
}
