import { z } from 'zod'

/** A passage of an extracted document (BrainDrive's `DocumentChunk`, with Quire's page, heading and tokens). */
export const segmentSchema = z
  .object({
    index: z.int().meta({ description: 'From 1' }),
    text: z.string(),
    char_count: z.int(),
    page: z.int().nullable().meta({ description: 'PDF page or slide; null for formats without pages' }),
    heading: z.string().nullable().meta({ description: 'Heading path, joined with " > "' }),
    token_count: z.int(),
  })
  .meta({ id: 'ExtractionSegment' })

const extracted = {
  filename: z.string().nullable(),
  file_type: z.string().meta({ description: 'Canonical type: pdf, docx, doc, pptx, ppt, md, html, txt' }),
  content_type: z.string().meta({ description: 'The media type of what the content turned out to be' }),
  file_size: z.int().meta({ description: 'Bytes' }),
}

export const extractionSchema = z
  .object({
    ...extracted,
    extracted_text: z.string(),
    text_length: z.int(),
    processing_success: z.literal(true),
    detected_type: z.string(),
    metadata: z.record(z.string(), z.unknown()).meta({
      description: '`title`, `pages`, `word_count`, `language`, `processing_time_seconds`, `embedder`',
    }),
    warnings: z.array(z.string()).optional().meta({ description: 'Present when `max_chars` cut the text' }),
    chunks: z.array(segmentSchema).optional().meta({ description: 'With `include_chunks=true`' }),
    chunk_metadata: z
      .object({ truncated: z.boolean(), total_chars: z.int(), segment_count: z.int() })
      .optional()
      .meta({ description: 'With `include_chunks=true`' }),
  })
  .meta({ id: 'Extraction' })

export const extractionFailureSchema = z
  .object({
    filename: z.string(),
    error: z.string(),
    processing_success: z.literal(false),
  })
  .meta({ id: 'ExtractionFailure' })

export const textContextSchema = z
  .object({
    ...extracted,
    total_input_chars: z.int().meta({ description: 'Characters of the whole extracted text' }),
    segments: z.array(segmentSchema),
    segment_count: z.int(),
    truncated: z.boolean(),
    truncation_notice: z.string().optional(),
    max_total_chars: z.int(),
    max_segments: z.int(),
    max_chars_per_segment: z.int(),
    overlap_chars: z.int(),
    processing_success: z.literal(true),
    word_count: z.int(),
    language: z.string().nullable(),
  })
  .meta({ id: 'TextContext' })

export const supportedTypesSchema = z
  .object({
    supported_types: z.record(z.string(), z.string()).meta({ description: 'Media type -> canonical type' }),
    extensions: z.array(z.string()).meta({ description: 'Without the dot, sorted' }),
    canonical_types: z.array(z.string()),
    max_file_size_mb: z.int(),
    max_files_per_request: z.int(),
  })
  .meta({ id: 'SupportedFileTypes' })
