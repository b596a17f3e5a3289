import { z } from 'zod'
import { ApiError } from '../../kernel/ApiError'
import type { UploadedFile } from '../../kernel/UploadedFile'
import { chunkDocument } from '../../ingest/chunk/chunkDocument'
import { estimateTokens } from '../../ingest/chunk/estimateTokens'
import { countWords } from '../../ingest/metadata/countWords'
import { detectLanguage } from '../../ingest/metadata/detectLanguage'
import { ParseError } from '../../ingest/ParseError'
import { sniffFileKind } from '../../ingest/parse/sniffFileKind'
import type { TextParsing } from '../../ingest/parse/TextParsing'
import { CONTEXT_BUDGET, contextSegments } from './contextSegments'
import { canonicalType, mediaType, TEXT_KINDS } from './fileTypes'
import { unreadable } from './extractUpload'

/**
 * Text formats are parsed on the request (in ApiPorts.parseText: the server's text worker, not the
 * ingestion queue), so their size is kept well under the upload limit: 5 MB of text is read in a
 * moment, and only the first 60,000 characters are answered.
 */
export const MAX_TEXT_BYTES = 5 * 1024 * 1024

/** The form fields of `process-text-context` besides the `file` BrainDrive's chat plugin sends. */
export const textContextBody = z.object({
  text: z
    .string()
    .min(1)
    .max(MAX_TEXT_BYTES)
    .optional()
    .meta({ description: 'The text itself, instead of a file' }),
  format: z.enum(['text', 'markdown', 'html']).default('text').meta({ description: 'Of `text`' }),
  max_tokens: z.coerce.number().int().min(32).max(4096).default(480).meta({
    description: 'Largest segment in tokens (estimated as the embedders count them)',
  }),
})
type TextContextBody = z.output<typeof textContextBody>

const EXTENSION = { text: 'txt', markdown: 'md', html: 'html' } as const

/** `process-text-context` for a text file or a `text` field; ApiError 400/413/422 for bad input. */
export async function textContext(
  body: TextContextBody,
  file: UploadedFile | undefined,
  maxUploadBytes: number,
  parseText: TextParsing,
) {
  if (file && body.text !== undefined) {
    throw ApiError.unprocessable([
      { loc: ['body', 'text'], msg: 'Send either a file or text, not both', type: 'value_error' },
    ])
  }
  let bytes: Uint8Array
  let filename: string
  if (file) {
    const limit = Math.min(MAX_TEXT_BYTES, maxUploadBytes)
    if (file.size > limit) {
      throw new ApiError(
        413,
        `File too large for context seeding. Maximum size is ${Math.floor(limit / 1048576)}MB`,
      )
    }
    bytes = await file.bytes()
    filename = file.filename
  } else if (body.text !== undefined) {
    bytes = new TextEncoder().encode(body.text)
    filename = `context.${EXTENSION[body.format]}`
  } else {
    throw ApiError.unprocessable([{ loc: ['body', 'file'], msg: 'Field required', type: 'missing' }])
  }

  const kind = bytes.length > 0 ? sniffFileKind(bytes, filename) : undefined
  if (kind && !TEXT_KINDS.includes(kind)) {
    throw ApiError.badRequest(
      `Unsupported file type for context seeding: this is a ${canonicalType(kind).toUpperCase()} document; ` +
        'send plain text, Markdown or HTML, or extract it with POST /api/v1/documents/process',
    )
  }
  let parsed
  try {
    parsed = await parseText(bytes, filename, { timeoutMs: 30_000 })
  } catch (error) {
    if (error instanceof ParseError) throw unreadable(error)
    throw error
  }
  const target = Math.max(16, Math.floor(body.max_tokens * 0.8))
  const chunks = chunkDocument(parsed, { targetTokens: target, maxTokens: body.max_tokens })
  const text = parsed.blocks.map((block) => block.text).join('\n\n')
  const { segments, truncated } = contextSegments(chunks, estimateTokens)
  return {
    filename: file ? file.filename : null,
    file_type: canonicalType(parsed.kind),
    content_type: mediaType(parsed.kind),
    file_size: bytes.length,
    total_input_chars: text.length,
    segments,
    segment_count: segments.length,
    truncated,
    ...(truncated
      ? {
          truncation_notice:
            'Document was truncated to fit context limits. Only the first segments are included.',
        }
      : {}),
    max_total_chars: CONTEXT_BUDGET.maxTotalChars,
    max_segments: CONTEXT_BUDGET.maxSegments,
    max_chars_per_segment: CONTEXT_BUDGET.maxCharsPerSegment,
    overlap_chars: CONTEXT_BUDGET.overlapChars,
    processing_success: true as const,
    word_count: countWords(text),
    language: detectLanguage(text) ?? null,
  }
}
