import { z } from 'zod'
import { ApiError } from '../../kernel/ApiError'
import type { ApiPorts } from '../ApiPorts'
import { errorResponse as error } from '../errorSchema'
import { booleanQuery } from '../platform/booleanQuery'
import { defineRoute, type Route } from '../Route'
import { supportedTypes, MAX_FILES_PER_REQUEST } from './fileTypes'
import { extractUpload, type ExtractPorts } from './extractUpload'
import {
  extractionFailureSchema,
  extractionSchema,
  supportedTypesSchema,
  textContextSchema,
} from './extractionSchemas'
import { textContext, textContextBody } from './textContext'

const tags = ['Document text extraction']
const validation = { description: 'Validation error: `{detail: [{loc, msg, type}]}`' }

/** Text context reads a pasted text or one small file with the host's text parser, within its upload limit. */
type TextContextPorts = Pick<ApiPorts, 'limits' | 'parseText'>

/** The supported-types answer states the host's upload limit, nothing else. */
type LimitPorts = Pick<ApiPorts, 'limits'>

/** BrainDrive's query parameters of `process` and `process-multiple`, read as FastAPI reads them. */
const processQuery = z.object({
  include_chunks: booleanQuery.optional().meta({ description: 'Add the passages (`chunks`); default false' }),
  max_chars: z.coerce.number().int().min(1).optional().meta({ description: 'Cut the text to this length' }),
  preserve_layout: booleanQuery.optional().meta({ description: 'Accepted and ignored (see description)' }),
  strip_boilerplate: booleanQuery.optional().meta({ description: 'Accepted and ignored (see description)' }),
})
type ProcessQuery = z.output<typeof processQuery>

const options = (query: ProcessQuery, password?: string) => ({
  includeChunks: query.include_chunks ?? false,
  maxChars: query.max_chars,
  password,
})

const missing = (field: string) =>
  ApiError.unprocessable([{ loc: ['body', field], msg: 'Field required', type: 'missing' }])

const IGNORED_OPTIONS =
  'Differs from BrainDrive: `preserve_layout` and `strip_boilerplate` are accepted and ignored: Quire reads PDFs in reading order and always leaves out scripts, styles, comments and hidden elements of HTML. The text comes from Quire’s own parsers (content sniffed, not trusted from the name), so `metadata` holds Quire’s fields and `chunks` are Quire’s structure-aware passages (with `page`, `heading` and `token_count`).'

/**
 * The platform API's extraction endpoints: the ingestion pipeline without storing anything, for
 * plugins and scripts that want a document's text and passages. Answers take the shape BrainDrive's
 * documents endpoints answer (its chat plugin reads them), with Quire's parsers and limits behind.
 */
export const extractionRoutes: Route[] = [
  defineRoute({
    method: 'post',
    path: '/api/v1/documents/process',
    operationId: 'extractDocument',
    summary: 'Extract the text of one file (nothing is stored)',
    description: `${IGNORED_OPTIONS} A \`password\` form field opens an encrypted PDF.`,
    tags,
    errorStyle: 'platform',
    bodyType: 'multipart',
    query: processQuery,
    body: z.object({ password: z.string().max(1024).optional() }),
    files: [{ name: 'file', description: 'The document' }],
    responses: {
      200: { description: 'The text, its metadata and (on request) its passages', schema: extractionSchema },
      400: error('The file is of a kind Quire does not read, or cannot be read (the reason)'),
      413: error('Larger than the upload limit, or expands past the document limits'),
      422: validation,
    },
    async handler({ query, body, files }, ports: ExtractPorts) {
      const file = files.file?.[0]
      if (!file) throw missing('file')
      return { status: 200, body: await extractUpload(file, ports, options(query, body.password)) }
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/documents/process-multiple',
    operationId: 'extractDocuments',
    summary: `Extract several files at once (up to ${MAX_FILES_PER_REQUEST}); one unreadable file does not fail the others`,
    description: IGNORED_OPTIONS,
    tags,
    errorStyle: 'platform',
    bodyType: 'multipart',
    query: processQuery,
    body: z.object({}),
    files: [{ name: 'files', description: 'The documents', multiple: true }],
    responses: {
      200: {
        description:
          'One result per file, in order: the extraction, or `{filename, error, processing_success: false}`; and the counts',
        schema: z.object({
          results: z.array(z.union([extractionSchema, extractionFailureSchema])),
          total_files: z.int(),
          successful_files: z.int(),
          failed_files: z.int(),
        }),
      },
      400: error(`More than ${MAX_FILES_PER_REQUEST} files`),
      422: validation,
    },
    async handler({ query, files }, ports: ExtractPorts) {
      const list = files.files ?? []
      if (list.length === 0) throw missing('files')
      if (list.length > MAX_FILES_PER_REQUEST) {
        throw ApiError.badRequest(`Too many files. Maximum is ${MAX_FILES_PER_REQUEST} files`)
      }
      const results = []
      for (const file of list) {
        try {
          results.push(await extractUpload(file, ports, options(query)))
        } catch (failure) {
          // What the client sent (a kind Quire does not read, an unreadable or too large file) fails
          // that file only; anything else is the host's fault and fails the request.
          if (!(failure instanceof ApiError) || (failure.status !== 400 && failure.status !== 413))
            throw failure
          results.push({
            filename: file.filename,
            error: failure.message,
            processing_success: false as const,
          })
        }
      }
      const successful = results.filter((result) => result.processing_success).length
      return {
        status: 200,
        body: {
          results,
          total_files: list.length,
          successful_files: successful,
          failed_files: list.length - successful,
        },
      }
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/documents/process-text-context',
    operationId: 'processTextContext',
    summary: 'Split a text file (plain, Markdown or HTML) into segments sized for a model’s context',
    description:
      'Send the file as BrainDrive’s chat plugin does (multipart field `file`), or the text itself in a `text` field with its `format`. Segments are Quire’s structure-aware passages of up to `max_tokens` tokens (default 480, about 2,000 characters of prose), cut further at `max_chars_per_segment`, within BrainDrive’s budget: at most `max_segments` segments and `max_total_chars` characters, else `truncated`. Differs from BrainDrive: only text formats are read here (plain text, Markdown, HTML; PDF and Office files answer 400: use `POST /api/v1/documents/process`), a file or `text` (multipart or urlencoded) of at most 5 MB, and HTML nested more than 1,000 elements deep answers 400; segments keep `page`, `heading` and `token_count`, and the answer adds `word_count` and `language`.',
    tags,
    errorStyle: 'platform',
    bodyType: 'multipart',
    body: textContextBody,
    files: [{ name: 'file', description: 'The text, Markdown or HTML file (or send `text`)' }],
    responses: {
      200: { description: 'Segments and the budget they fit', schema: textContextSchema },
      400: error('Not a text format, or unreadable (the reason)'),
      413: error('Larger than 5 MB'),
      422: validation,
    },
    async handler({ body, files }, ports: TextContextPorts) {
      return {
        status: 200,
        body: await textContext(body, files.file?.[0], ports.limits.maxUploadBytes, ports.parseText),
      }
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/documents/supported-types',
    operationId: 'supportedTypes',
    summary: 'File types the extraction and upload endpoints read',
    description: `Differs from BrainDrive: the types are Quire’s (PDF, Word, PowerPoint, Markdown, HTML, plain text) and the size limit is the host’s upload limit.`,
    tags,
    responses: {
      200: { description: 'Media types, extensions and limits', schema: supportedTypesSchema },
    },
    async handler(_input, { limits }: LimitPorts) {
      return { status: 200, body: supportedTypes(limits.maxUploadBytes) }
    },
  }),
]
