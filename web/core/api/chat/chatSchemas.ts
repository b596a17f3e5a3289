import { z } from 'zod'
import { chunkOcrSchema, topK } from '../search/searchSchemas'

const sessionName = z.string().trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters')

export const sessionIdParams = z.object({ session_id: z.uuid() })

export const createSessionBody = z.object({
  name: sessionName,
  collection_id: z.uuid().nullable().optional(),
})

export const updateSessionBody = z.object({
  name: sessionName.optional(),
  /** `null` makes the session search every collection. */
  collection_id: z.uuid().nullable().optional(),
})

export const sendMessageBody = z.object({
  session_id: z.uuid(),
  message: z.string().trim().min(1, 'must not be empty').max(8000, 'must be at most 8000 characters'),
  collection_id: z.uuid().nullable().optional(),
  top_k: topK.default(5),
  use_hybrid_search: z.boolean().default(true),
  web_search: z.boolean().default(false).meta({
    description:
      'Also search the web (the person’s SearXNG instance, `/api/v1/websearch/*`): its top results become sources numbered after the passages (Quire’s own field)',
  }),
})

/** DESIGN.md section 2: history `limit` 1..500. Query values arrive as text. */
export const listMessagesQuery = z.object({
  session_id: z.uuid(),
  limit: z.coerce
    .number('must be an integer')
    .int('must be an integer')
    .min(1, 'must be at least 1')
    .max(500, 'must be at most 500')
    .default(50),
})

export const sessionSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    collection_id: z.uuid().nullable(),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
    message_count: z.int().min(0),
  })
  .meta({ id: 'ChatSession' })

export const sourceDocumentSchema = z
  .object({
    number: z.int().min(1).meta({ description: 'What the answer cites it by: [1] is number 1' }),
    document_id: z.uuid(),
    chunk_id: z.string(),
    content: z.string(),
    score: z.number(),
    filename: z.string(),
    page: z.int().nullable(),
    heading: z.string().nullable(),
    ocr: chunkOcrSchema.optional(),
  })
  .meta({ id: 'SourceDocument' })

export const webSourceSchema = z
  .object({
    kind: z.literal('web'),
    number: z.int().min(1).meta({ description: 'What the answer cites it by, after the passages' }),
    url: z.string(),
    title: z.string(),
    content: z.string().meta({ description: 'The page’s main text (clipped), or its search snippet' }),
    from: z.enum(['page', 'snippet']),
    engine: z.string().nullable(),
    score: z.number(),
  })
  .meta({ id: 'WebSource' })

export const messageSchema = z
  .object({
    id: z.uuid(),
    session_id: z.uuid(),
    role: z.enum(['user', 'assistant', 'system']),
    content: z.string(),
    metadata: z.record(z.string(), z.unknown()).meta({
      description:
        'Empty for user messages. Assistant replies: intent, intent_confidence, chunks_retrieved, source_documents (SourceDocument[], then WebSource[] with `kind: "web"` when the question searched the web), response_time_ms, queries_used, search_method, generator (what wrote the answer: `extractive` for sentences quoted from the documents with no model, otherwise `<provider>:<model>`, such as `ollama:llama3.2`, `openai:gpt-4o-mini`, `anthropic:claude-3-5-haiku-latest` or `webllm:Llama-3.2-1B-Instruct-q4f16_1-MLC`; the app shows it under each answer; absent on messages stored without it); stopped: true when the reader stopped the answer early; search_note when keyword search stood in for vectors; web_search: true and web_search_note (why the web added fewer sources) when it searched the web.',
    }),
    created_at: z.iso.datetime(),
    collection_id: z.uuid().nullable(),
  })
  .meta({ id: 'ChatMessage' })
