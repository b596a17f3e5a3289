import { z } from 'zod'
import { folderFileStateSchema } from '../../folders/folderFileState'

export const documentIdParams = z.object({ document_id: z.uuid() })

export const uploadDocumentFields = z.object({
  collection_id: z.string().trim().min(1, 'field required'),
  /** Opens an encrypted PDF; kept in memory for this processing run only, never stored. */
  password: z.string().max(1024).optional(),
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
        'Empty at upload. After processing: pages, processing_time_seconds, word_count, title, language, embedder, and defined_terms where the document defines some (`[{short, long}]`: "Chief Executive Officer (CEO)", \'Johnson & Johnson (the "Company")\', read by search and the answerer of its collection); when failed: error (a sentence for people) and error_code (password_required, wrong_password, not_supported, corrupt, no_text, timeout, too_large, internal, storage_full: the host’s disk or the browser’s storage quota was full, and what was stored before is kept).',
    }),
    chunk_count: z.int().min(0),
    error_message: z.string().nullable().meta({
      description:
        'Why processing failed (the same sentence as `metadata.error`), for a `failed` document; null otherwise. Derived when read, so documents that failed before this field existed carry it too.',
    }),
    progress: z
      .object({ stage: z.string(), percent: z.number().min(0).max(100) })
      .nullable()
      .meta({
        description:
          'While processing: the stage (queued, parsing, chunking, embedding, indexing) and percent.',
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
