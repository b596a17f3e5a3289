import { errorResponse as error } from '../errorSchema'
import { defineRoute } from '../Route'
import { classifyIntent, generationFor } from '../../retrieve/classifyIntent'
import { rewriteQuery } from '../../retrieve/rewriteQuery'
import { searchChunks } from '../../retrieve/searchChunks'
import { pluginSearchBody, pluginSearchResponseSchema } from './searchSchemas'
import type { SearchPorts } from './SearchPorts'
import { searchMetadata } from './searchMetadata'
import { requireCollection } from '../collections/requireCollection'

/**
 * `POST /api/search/`: the search BrainDrive's Chat-With-Docs plugin asks for before it answers with
 * its own model (its `RAGRepository`). Same retrieval as `/api/search_u/`, in the reference service's
 * request and answer form; a follow-up in `chat_history` is rewritten as chat does.
 */
export const pluginSearchRoute = defineRoute({
  method: 'post',
  path: '/api/search/',
  operationId: 'searchWithHistory',
  summary: 'Search the chunks of completed documents, in the reference service’s form',
  description:
    "Not in the spec: the reference service's `/search/` (its `search_u` router), which BrainDrive's Chat-With-Docs plugin calls with `query_text`, `chat_history` and `config` (`top_k` 1..50, default 10; `use_hybrid`; `filters.min_similarity`, the vector threshold; `use_chat_history` and `max_history_turns`, the turns a follow-up is rewritten with). Chunks carry the reference's fields (`collection_id`, `chunk_index`, `chunk_type`, `parent_chunk_id`) and `score`; `intent` has the spec's `kind` and the reference's `type`, `requires_retrieval` and `requires_collection_scan`. Differs from BrainDrive: `alpha`, `use_intent_classification` and `query_transformation` are read and ignored (fusion is relative score fusion with each embedder's measured weight, as in `/api/search_u/`, intent is always classified, by rules, and a follow-up is rewritten by rules, not a model); `summary` and `message` are always null, because Quire does not generate here. As in `/api/search_u/`, a passage's page counts in its score and the `top_k` chunks come from as many pages as the best candidates hold, best first.",
  tags: ['Search'],
  body: pluginSearchBody,
  responses: {
    200: {
      description: 'Ranked chunks, the intent and how the search ran',
      schema: pluginSearchResponseSchema,
    },
    400: error('Invalid request data'),
    404: error('Collection not found'),
  },
  async handler({ body }, ports: SearchPorts) {
    const collectionId = body.collection_id ?? undefined
    await requireCollection(ports, collectionId)
    const { config } = body
    const history = config.use_chat_history
      ? (body.chat_history ?? []).slice(-2 * config.max_history_turns)
      : []
    const queries = rewriteQuery(body.query_text, history)
    const intent = classifyIntent(body.query_text, history)
    const threshold = config.filters?.min_similarity
    const found = await searchChunks(ports, {
      queries,
      collectionIds: collectionId ? [collectionId] : undefined,
      topK: config.top_k,
      hybrid: config.use_hybrid,
      similarityThreshold: threshold,
    })
    return {
      status: 200,
      body: {
        chunks: found.chunks.map(({ chunk, document, score }) => ({
          id: chunk.id,
          document_id: chunk.document_id,
          collection_id: chunk.collection_id,
          content: chunk.text,
          chunk_index: chunk.index,
          chunk_type: 'text',
          parent_chunk_id: null,
          metadata: {
            page: chunk.page,
            heading: chunk.heading,
            filename: document.original_filename,
            document_filename: document.original_filename,
            document_type: document.document_type,
            ...(chunk.ocr ? { ocr: chunk.ocr } : {}),
          },
          score,
        })),
        intent: {
          ...intent,
          type: intent.kind,
          requires_retrieval: intent.kind !== 'chat' && intent.kind !== 'clarification',
          requires_collection_scan: intent.kind === 'collection_summary',
        },
        ...generationFor(intent),
        transformed_queries: queries,
        summary: null,
        message: null,
        metadata: searchMetadata(queries, found, threshold),
      },
    }
  },
})
