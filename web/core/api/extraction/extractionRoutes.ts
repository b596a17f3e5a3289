import { z } from 'zod'
import { ApiError } from '../ApiError'
import { defineRoute, type Route } from '../Route'
import type { ApiPorts } from '../ApiPorts'
import type { UploadedFile } from '../UploadedFile'
import { chunkDocument } from '../../ingest/chunk/chunkDocument'
import type { IngestResult } from '../../ingest/ingestFile'
import { countWords } from '../../ingest/metadata/countWords'
import { detectLanguage } from '../../ingest/metadata/detectLanguage'
import { ParseError } from '../../ingest/ParseError'
import { parseDocument } from '../../ingest/parse/parseDocument'
import { SUPPORTED_EXTENSIONS } from '../../ingest/parse/sniffFileKind'
import { textParsers } from '../../ingest/parse/textParsers'

const tags = ['Document text extraction']
const validation = { description: 'Validation error: `{detail: [{loc, msg, type}]}`' }
const MAX_FILES = 20

const chunkSchema = z.object({
  index: z.int(),
  text: z.string(),
  page: z.int().nullable(),
  heading: z.string().nullable(),
  token_count: z.int(),
})
const extractionSchema = z
  .object({
    filename: z.string(),
    document_type: z.string(),
    text: z.string(),
    metadata: z.record(z.string(), z.unknown()),
    chunks: z.array(chunkSchema),
  })
  .meta({ id: 'Extraction' })

/** A file the pipeline cannot read is a validation failure of the `file` field (422). */
function unreadable(field: string, error: ParseError): ApiError {
  return ApiError.unprocessable([{ loc: ['body', field], msg: error.message, type: error.code }])
}

async function extract(file: UploadedFile, ports: ApiPorts, password?: string) {
  if (file.size > ports.limits.maxUploadBytes)
    throw new ApiError(413, 'The file is larger than the upload limit')
  const result: IngestResult = await ports.ingestor.ingest({
    bytes: await file.bytes(),
    filename: file.filename,
    password,
  })
  return {
    filename: file.filename,
    document_type: result.kind,
    text: result.text,
    metadata: { ...result.metadata },
    chunks: result.chunks.map((c) => ({
      index: c.index,
      text: c.text,
      page: c.page,
      heading: c.heading,
      token_count: c.tokenCount,
    })),
  }
}

/**
 * The platform API's extraction endpoints: the ingestion pipeline without storing anything, for
 * plugins and scripts that want a document's text and passages.
 */
export const extractionRoutes: Route[] = [
  defineRoute({
    method: 'post',
    path: '/api/v1/documents/process',
    operationId: 'extractDocument',
    summary: 'Extract the text and passages of one file (nothing is stored)',
    tags,
    errorStyle: 'platform',
    bodyType: 'multipart',
    body: z.object({ password: z.string().max(1024).optional() }),
    files: [{ name: 'file', description: 'The document' }],
    responses: {
      200: { description: 'Text, metadata and passages', schema: extractionSchema },
      422: validation,
    },
    async handler({ body, files }, ports) {
      const file = files.file?.[0]
      if (!file)
        throw ApiError.unprocessable([{ loc: ['body', 'file'], msg: 'Field required', type: 'missing' }])
      try {
        return { status: 200, body: await extract(file, ports, body.password) }
      } catch (error) {
        if (error instanceof ParseError) throw unreadable('file', error)
        throw error
      }
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/documents/process-multiple',
    operationId: 'extractDocuments',
    summary: `Extract several files at once (up to ${MAX_FILES}); one unreadable file does not fail the others`,
    tags,
    errorStyle: 'platform',
    bodyType: 'multipart',
    body: z.object({}),
    files: [{ name: 'files', description: 'The documents', multiple: true }],
    responses: {
      200: {
        description: 'One result per file, in order: the extraction, or `success: false` with the error',
        schema: z.object({ results: z.array(z.record(z.string(), z.unknown())) }),
      },
      422: validation,
    },
    async handler({ files }, ports) {
      const list = files.files ?? []
      if (list.length === 0)
        throw ApiError.unprocessable([{ loc: ['body', 'files'], msg: 'Field required', type: 'missing' }])
      if (list.length > MAX_FILES) {
        throw ApiError.unprocessable([
          { loc: ['body', 'files'], msg: `At most ${MAX_FILES} files`, type: 'too_long' },
        ])
      }
      const results = []
      for (const file of list) {
        try {
          results.push({ success: true, ...(await extract(file, ports)) })
        } catch (error) {
          if (!(error instanceof ParseError)) throw error
          results.push({
            success: false,
            filename: file.filename,
            error: error.message,
            error_code: error.code,
          })
        }
      }
      return { status: 200, body: { results } }
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/documents/process-text-context',
    operationId: 'processTextContext',
    summary: 'Split a text (plain, Markdown or HTML) into passages sized for a model context',
    tags,
    errorStyle: 'platform',
    body: z.strictObject({
      text: z.string().min(1).max(5_000_000),
      format: z.enum(['text', 'markdown', 'html']).default('text'),
      max_tokens: z.int().min(32).max(4096).default(320),
    }),
    responses: {
      200: {
        description: 'Passages with their headings, and the text’s word count and language',
        schema: z.object({
          chunks: z.array(chunkSchema),
          word_count: z.int(),
          language: z.string().nullable(),
        }),
      },
      422: validation,
    },
    async handler({ body }) {
      const extension = { text: 'txt', markdown: 'md', html: 'html' }[body.format]
      try {
        const parsed = await parseDocument(new TextEncoder().encode(body.text), `context.${extension}`, {
          parsers: textParsers,
          timeoutMs: 30_000,
        })
        const target = Math.max(16, Math.floor(body.max_tokens * 0.8))
        const chunks = chunkDocument(parsed, { targetTokens: target, maxTokens: body.max_tokens })
        const text = parsed.blocks.map((b) => b.text).join('\n\n')
        return {
          status: 200,
          body: {
            chunks: chunks.map((c) => ({
              index: c.index,
              text: c.text,
              page: c.page,
              heading: c.heading,
              token_count: c.tokenCount,
            })),
            word_count: countWords(text),
            language: detectLanguage(text) ?? null,
          },
        }
      } catch (error) {
        if (error instanceof ParseError) throw unreadable('text', error)
        throw error
      }
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/documents/supported-types',
    operationId: 'supportedTypes',
    summary: 'File types the extraction and upload endpoints read',
    tags,
    responses: {
      200: {
        description: 'Extensions, media types and the upload limit',
        schema: z.object({
          extensions: z.array(z.string()),
          mime_types: z.array(z.string()),
          max_upload_mb: z.number(),
        }),
      },
    },
    async handler(_input, { limits }) {
      return {
        status: 200,
        body: {
          extensions: [...SUPPORTED_EXTENSIONS],
          mime_types: [
            'application/pdf',
            'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
            'application/msword',
            'application/vnd.openxmlformats-officedocument.presentationml.presentation',
            'application/vnd.ms-powerpoint',
            'text/markdown',
            'text/html',
            'application/xhtml+xml',
            'text/plain',
          ],
          max_upload_mb: Math.round(limits.maxUploadBytes / 1048576),
        },
      }
    },
  }),
]
