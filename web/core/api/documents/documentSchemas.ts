import { z } from 'zod'
import { folderFileStateSchema } from '../../folders/folderFileState'

/** What an upload does when its content is already in the collection (`on_duplicate`). */
export const ON_DUPLICATE = ['keep', 'skip', 'replace'] as const

export const documentIdParams = z.object({ document_id: z.uuid() })

export const uploadDocumentFields = z.object({
  collection_id: z.string().trim().min(1, 'field required'),
  /** Opens an encrypted PDF; kept in memory for this processing run only, never stored. */
  password: z.string().max(1024).optional(),
  on_duplicate: z
    .enum(ON_DUPLICATE, { error: `must be one of ${ON_DUPLICATE.join(', ')}` })
    .default('keep')
    .meta({
      description:
        'Quire’s addition: what to do when a document with exactly this content (the same SHA-256) is already in the collection. `keep` (the default, so that clients that never send it work as before): a new document is made beside it, 201. `skip`: nothing is made; 200 with the document already there, `duplicate.action` `skipped`. `replace`: that document takes this upload’s name and is processed again (its passages stay searchable until the new ones replace them); 200 with it, `duplicate.action` `replaced`. Without such a document, `skip` and `replace` upload as `keep` does. Uploads of the same content at the same instant take turns: with `skip`, exactly one makes the document and the others are answered 200 `skipped` with it (with `replace`, `replaced`). The app sends `skip` and then asks the person.',
    }),
})

export const processDocumentBody = z.object({ password: z.string().max(1024).optional() })

/**
 * A document's new name: what people see and what citations say; the stored file, its kind (read from
 * its content, never its name) and its passages are unchanged. One line, no path.
 */
export const renameDocumentBody = z.object({
  original_filename: z
    .string()
    .trim()
    .min(1, 'name required')
    .max(255)
    .refine(
      (name) => !/[/\\]/.test(name) && ![...name].some((char) => char.charCodeAt(0) < 0x20),
      'a name without slashes or control characters',
    ),
})

export const listDocumentsQuery = z.object({ collection_id: z.uuid().optional() })

export const documentSchema = z
  .object({
    id: z.uuid(),
    filename: z.string(),
    original_filename: z.string(),
    file_path: z.string(),
    file_size: z.int().min(0),
    document_type: z.string(),
    collection_id: z.uuid(),
    status: z.enum(['pending', 'processing', 'completed', 'failed']),
    created_at: z.iso.datetime(),
    processed_at: z.iso.datetime().nullable(),
    metadata: z.record(z.string(), z.unknown()).meta({
      description:
        'Empty at upload. After processing: pages, processing_time_seconds, word_count, title, language, embedder, ocr_pages and ocr_confidence where pages were read by OCR, ocr_error where pages waiting for OCR could not be read after the rest was searchable, and defined_terms where the document defines some (`[{short, long}]`: "Chief Executive Officer (CEO)", \'Johnson & Johnson (the "Company")\', read by search and the answerer of its collection); when failed: error (a sentence for people) and error_code (password_required, wrong_password, not_supported, corrupt, no_text, timeout, too_large, internal, storage_full: the host’s disk or the browser’s storage quota was full, and what was stored before is kept).',
    }),
    chunk_count: z.int().min(0),
    error_message: z.string().nullable().meta({
      description:
        'Why processing failed (the same sentence as `metadata.error`), for a `failed` document; null otherwise. Derived when read, so documents that failed before this field existed carry it too.',
    }),
    progress: z
      .object({
        stage: z.string(),
        percent: z.number().min(0).max(100),
        pages_done: z.int().min(0).optional().meta({
          description: 'Stage `ocr` only: how many of the pages that need OCR are read.',
        }),
        pages_total: z.int().min(0).optional().meta({
          description: 'Stage `ocr` only: how many pages need OCR (scanned pages with no usable text layer).',
        }),
      })
      .nullable()
      .meta({
        description:
          'While processing: the stage (queued, parsing, chunking, embedding, indexing) and percent. A PDF with scanned pages is `completed` (searchable) as soon as its text layer is read; while its scanned pages are then read by OCR, progress stays set on the completed document with stage `ocr`, `pages_done` of `pages_total` ("Reading 15 scanned pages: 4 of 15"), and their passages are added (`chunk_count` grows) as they come; null once all are read. Should reading them fail, the document stays completed with what was read and `metadata.ocr_error` says why.',
      }),
    folder_file: folderFileStateSchema.optional().meta({
      description:
        'Quire’s addition, in the list and `GET /api/documents/{id}`: for a document made from a file of the folder its collection follows, the file’s path below the folder and its state (`in_step`, `processing`, `failed` with `reason`); absent on any other document, which keeps the document API’s shape. The files the folder holds but Quire skipped are listed with why on the collection (`GET /api/collections/{id}`, `folder.skipped`).',
    }),
  })
  .meta({ id: 'Document' })

/** An upload or re-processing answer: the document, and on the server the job processing it. */
export const scheduledDocumentSchema = documentSchema
  .extend({
    job_id: z.uuid().optional().meta({
      description:
        'On the sync server: the `document_process` job (`GET /api/v1/jobs/{job_id}`, with progress events). Absent in the browser, which processes in-process.',
    }),
  })
  .meta({ id: 'ScheduledDocument' })

/** An upload's answer: the document, and what was done when its content was already in the collection. */
export const uploadedDocumentSchema = scheduledDocumentSchema
  .extend({
    duplicate: z
      .object({
        action: z.enum(['skipped', 'replaced']),
        existing_document_id: z.uuid(),
        existing_filename: z.string().meta({ description: 'Its name before this upload.' }),
      })
      .optional()
      .meta({
        description:
          'Present when `on_duplicate` was `skip` or `replace` and a document with the same content was already in the collection: the answer is that document (skipped: as it was; replaced: renamed and processing again).',
      }),
  })
  .meta({ id: 'UploadedDocument' })
