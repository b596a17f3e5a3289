import { ApiError } from '../../kernel/ApiError'
import type { ApiPorts } from '../ApiPorts'
import type { UploadedFile } from '../../kernel/UploadedFile'
import { ParseError } from '../../ingest/ParseError'
import { canonicalType, mediaType } from './fileTypes'

export interface ExtractOptions {
  /** Add the document's passages (`chunks`, `chunk_metadata`), as BrainDrive's `include_chunks`. */
  includeChunks: boolean
  /** Cut `extracted_text` to this many characters, with a warning. */
  maxChars?: number
  password?: string
}

/** An extraction runs the host's ingestion pipeline, within its upload limit, in the person's OCR languages. */
export type ExtractPorts = Pick<ApiPorts, 'limits' | 'ingestor' | 'settings'>

/** The file is larger than the host's upload limit (BrainDrive's words). */
export function fileTooLarge(maxUploadBytes: number): ApiError {
  return new ApiError(413, `File too large. Maximum size is ${Math.floor(maxUploadBytes / 1048576)}MB`)
}

/**
 * A file the pipeline cannot read: 400 with the reason, as BrainDrive answers an unsupported or
 * unreadable file; 413 for one that expands past the host's limits (IngestLimits).
 */
export function unreadable(error: ParseError): ApiError {
  return new ApiError(error.code === 'too_large' ? 413 : 400, error.message)
}

/**
 * One file through the host's ingestion pipeline (`ports.ingestor`: a worker with the host's time
 * and size limits), answered in BrainDrive's shape (`_serialize_content` of its documents endpoint)
 * with Quire's metadata and passages. Throws ApiError 400/413 for a file it cannot read.
 */
export async function extractUpload(file: UploadedFile, ports: ExtractPorts, options: ExtractOptions) {
  if (file.size > ports.limits.maxUploadBytes) throw fileTooLarge(ports.limits.maxUploadBytes)
  let result
  try {
    result = await ports.ingestor.ingest({
      bytes: await file.bytes(),
      filename: file.filename,
      password: options.password,
      // Scans and images are read in the person's OCR languages, as their uploads are.
      ocrLanguages: (await ports.settings.get()).ocr_languages,
    })
  } catch (error) {
    if (error instanceof ParseError) throw unreadable(error)
    throw error
  }
  const warnings: string[] = []
  let text = result.text
  if (options.maxChars !== undefined && text.length > options.maxChars) {
    text = cutAt(text, options.maxChars)
    warnings.push(`Text truncated to ${options.maxChars} characters per request limit`)
  }
  const type = canonicalType(result.kind)
  return {
    filename: file.filename,
    file_type: type,
    content_type: mediaType(result.kind),
    file_size: file.size,
    extracted_text: text,
    text_length: text.length,
    processing_success: true as const,
    detected_type: type,
    metadata: { ...result.metadata },
    ...(warnings.length > 0 ? { warnings } : {}),
    ...(options.includeChunks
      ? {
          chunks: result.chunks.map((chunk) => ({
            index: chunk.index + 1,
            text: chunk.text,
            char_count: chunk.text.length,
            page: chunk.page,
            heading: chunk.heading,
            token_count: chunk.tokenCount,
          })),
          chunk_metadata: {
            truncated: false,
            total_chars: result.chunks.reduce((sum, chunk) => sum + chunk.text.length, 0),
            segment_count: result.chunks.length,
          },
        }
      : {}),
  }
}

/** `text` cut to at most `length` UTF-16 units, never inside a surrogate pair. */
export function cutAt(text: string, length: number): string {
  const code = text.charCodeAt(length - 1)
  const splitsPair = code >= 0xd800 && code <= 0xdbff
  return text.slice(0, splitsPair ? length - 1 : length)
}
