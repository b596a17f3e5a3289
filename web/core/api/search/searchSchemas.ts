import { z } from 'zod'

/** DESIGN.md section 2: `top_k` 1..50. */
export const topK = z.int('must be an integer').min(1, 'must be at least 1').max(50, 'must be at most 50')

export const searchBody = z.object({
  query: z.string().trim().min(1, 'must not be empty').max(4000, 'must be at most 4000 characters'),
  collection_id: z.uuid().nullable().optional(),
  top_k: topK.default(5),
  use_hybrid_search: z.boolean().default(true),
  similarity_threshold: z
    .number()
    .min(0, 'must be between 0 and 1')
    .max(1, 'must be between 0 and 1')
    .optional()
    .meta({
      description:
        "Minimum cosine similarity of vector candidates, applied before fusion (keyword matches are kept). Left out: the embedder's calibrated default, because cosine scales differ by model — 0.15 for the built-in hash-v1 (measured: the 95th percentile of unrelated question/passage pairs), 0.5 for bge v1.5, 0.25 for MiniLM/mpnet, 0.75 for e5/gte, the spec's 0.7 for unknown models.",
    }),
})

export const intentSchema = z
  .object({
    kind: z.enum(['chat', 'retrieval', 'collection_summary', 'comparison', 'listing', 'clarification']),
    confidence: z.number().min(0).max(1),
    reasoning: z.string(),
  })
  .meta({ id: 'SearchIntent' })

/** How a passage read by OCR was read (ChunkRecord.ocr), in search results and chat sources. */
export const chunkOcrSchema = z.object({ confidence: z.number().min(0).max(1) }).meta({
  id: 'ChunkOcr',
  description:
    "Present when the passage was read by OCR (a scanned PDF page or an image): `confidence` is the OCR engine's mean word confidence on its page, 0..1. Not in the spec; absent for text read from the file itself.",
})

export const searchChunkSchema = z
  .object({
    id: z.string(),
    document_id: z.uuid(),
    content: z.string(),
    metadata: z.object({
      page: z.int().nullable(),
      heading: z.string().nullable(),
      filename: z.string(),
      chunk_index: z.int(),
      ocr: chunkOcrSchema.optional(),
    }),
    score: z.number().min(0).max(1),
  })
  .meta({ id: 'SearchResultChunk' })

export const searchResponseSchema = z.object({
  chunks: z.array(searchChunkSchema),
  intent: intentSchema,
  requires_generation: z.boolean(),
  generation_type: z.string().nullable(),
  metadata: z.object({
    queries_used: z.array(z.string()),
    search_method: z.enum(['hybrid', 'vector', 'bm25']),
    total_results: z.int(),
    embedder: z.string().nullable(),
    similarity_threshold: z.number(),
    note: z.string().optional().meta({ description: 'Why vectors were not used, when they were not' }),
  }),
})

/**
 * The reference service's own search form (`POST /search/`, its `search_u` router), which BrainDrive's
 * Chat-With-Docs plugin sends: `query_text`, an optional `chat_history` and a `config` object. Only the
 * settings Quire can honour change the search; the rest (alpha, query transformation methods) are read
 * and ignored, as unknown fields are.
 */
export const pluginSearchBody = z.object({
  query_text: z.string().trim().min(1, 'must not be empty').max(4000, 'must be at most 4000 characters'),
  collection_id: z.uuid().nullable().optional(),
  chat_history: z
    .array(z.object({ role: z.enum(['user', 'assistant']), content: z.string().max(20_000) }))
    .max(200)
    .nullable()
    .default([]),
  config: z
    .object({
      use_chat_history: z.boolean().default(true),
      max_history_turns: z.int('must be an integer').min(1).max(10).default(3),
      top_k: topK.default(10),
      use_hybrid: z.boolean().default(true),
      use_intent_classification: z.boolean().default(true),
      filters: z
        .looseObject({ min_similarity: z.number().min(0, 'must be between 0 and 1').max(1).optional() })
        .nullable()
        .optional(),
    })
    .default({
      use_chat_history: true,
      max_history_turns: 3,
      top_k: 10,
      use_hybrid: true,
      use_intent_classification: true,
    }),
})

export const pluginSearchResponseSchema = z.object({
  chunks: z.array(
    z.object({
      id: z.string(),
      document_id: z.uuid(),
      collection_id: z.uuid(),
      content: z.string(),
      chunk_index: z.int(),
      chunk_type: z.string(),
      parent_chunk_id: z.null(),
      metadata: z.looseObject({
        page: z.int().nullable(),
        heading: z.string().nullable(),
        filename: z.string(),
        document_filename: z.string(),
        document_type: z.string(),
        ocr: chunkOcrSchema.optional(),
      }),
      score: z.number().min(0).max(1),
    }),
  ),
  intent: intentSchema.extend({
    type: z.string().meta({ description: 'The same as `kind` (the reference service names it `type`)' }),
    requires_retrieval: z.boolean(),
    requires_collection_scan: z.boolean(),
  }),
  requires_generation: z.boolean(),
  generation_type: z.string().nullable(),
  transformed_queries: z.array(z.string()),
  summary: z.null(),
  message: z.null(),
  metadata: searchResponseSchema.shape.metadata,
})
