import { SUPPORTED_EXTENSIONS } from '../../core/ingest/parse/supportedExtensions'
import { plural } from '../plural'
import type {
  DocumentErrorCode,
  DocumentStatus,
  DocumentType,
  ProcessingStage,
  QuireDocument,
} from '../api/documentsApi'

/** What the file picker offers: what the API accepts (it sniffs content in the end). */
export const ACCEPTED_EXTENSIONS = SUPPORTED_EXTENSIONS

const TYPE_LABELS: Record<DocumentType, string> = {
  pdf: 'PDF',
  docx: 'Word',
  doc: 'Word 97–2003',
  pptx: 'PowerPoint',
  ppt: 'PowerPoint 97–2003',
  markdown: 'Markdown',
  html: 'HTML',
  text: 'Text',
  png: 'PNG image',
  jpeg: 'JPEG image',
  webp: 'WebP image',
  tiff: 'TIFF image',
}

const STAGE_LABELS: Record<ProcessingStage, string> = {
  queued: 'Waiting to start',
  parsing: 'Reading the text',
  chunking: 'Splitting into passages',
  embedding: 'Computing embeddings',
  indexing: 'Indexing',
  ocr: 'Reading scanned pages',
}

const STATUS_LABELS: Record<DocumentStatus, string> = {
  pending: 'Waiting',
  processing: 'Processing',
  completed: 'Ready',
  failed: 'Failed',
}

/** Used when a failed document carries a code but no message (an older record, say). */
const ERROR_FALLBACKS: Record<DocumentErrorCode, string> = {
  password_required: 'This document is protected by a password.',
  wrong_password: 'The password was not accepted.',
  not_supported: 'This kind of file cannot be read.',
  corrupt: 'The file is damaged and could not be read.',
  no_text: 'No text was found in this document.',
  timeout: 'Reading this document took too long.',
  too_large: 'This document holds more text than one document may: split it into smaller files.',
  internal: 'Processing failed unexpectedly; try uploading the document again.',
  storage_full: 'Storage is full: free space by deleting documents you no longer need, then try again.',
}

export function typeLabel(type: string): string {
  return TYPE_LABELS[type as DocumentType] ?? type.toUpperCase()
}

/**
 * A document's length in the units a person counts it in: a deck's slides, a PDF's pages. None for an
 * image (always one "page") or a format without pages.
 */
export function lengthLabel(type: string, pages: number | undefined): string | undefined {
  if (!pages || IMAGE_TYPES.has(type)) return undefined
  return plural(pages, type === 'pptx' || type === 'ppt' ? 'slide' : 'page')
}

const IMAGE_TYPES = new Set(['png', 'jpeg', 'webp', 'tiff'])

export function stageLabel(stage: string): string {
  return STAGE_LABELS[stage as ProcessingStage] ?? stage
}

export function statusLabel(status: DocumentStatus): string {
  return STATUS_LABELS[status] ?? status
}

export function isActive(document: Pick<QuireDocument, 'status'>): boolean {
  return document.status === 'pending' || document.status === 'processing'
}

/**
 * A searchable document whose scanned pages are still read by OCR, their passages added as they come:
 * "Reading 15 scanned pages: 4 of 15". Undefined for any other document.
 */
export function scanProgressLabel(document: Pick<QuireDocument, 'status' | 'progress'>): string | undefined {
  const progress = document.progress
  if (document.status !== 'completed' || progress?.stage !== 'ocr') return undefined
  const total = progress.pages_total ?? 0
  const done = Math.min(progress.pages_done ?? 0, total)
  return `Reading ${plural(total, 'scanned page')}: ${done} of ${total}`
}

export function needsPassword(document: QuireDocument): boolean {
  const code = document.metadata.error_code
  return document.status === 'failed' && (code === 'password_required' || code === 'wrong_password')
}

export function failureMessage(document: QuireDocument): string {
  const code = document.metadata.error_code
  return document.metadata.error || (code && ERROR_FALLBACKS[code]) || 'Processing failed.'
}

const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const

/** 1536 → "1.5 kB": decimal units, as file managers on most systems now show them. */
export function formatBytes(bytes: number, locale?: string): string {
  let value = Math.max(0, bytes)
  let unit = 0
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000
    unit++
  }
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: UNITS[unit],
    unitDisplay: unit === 0 ? 'long' : 'short',
    maximumFractionDigits: unit === 0 || value >= 100 ? 0 : 1,
  }).format(value)
}
