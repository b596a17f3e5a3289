import { z } from 'zod'
import { folderStatusSchema } from '../../folders/folderStatus'

const HEX_COLOR = /^#[0-9a-fA-F]{6}$/

/** Names and descriptions are trimmed; "at least one character" means one that is not whitespace. */
const name = z.string().trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters')
const description = z.string().trim().min(1, 'must not be empty').max(5000, 'must be at most 5000 characters')
const color = z.string().regex(HEX_COLOR, 'must be a hex colour of the form #RRGGBB')

export const collectionIdParams = z.object({ collection_id: z.uuid() })

/**
 * Unknown fields are ignored, as pydantic ignores them: BrainDrive's Chat-With-Docs plugin sends a
 * whole collection object (id, document_count, timestamps) when it creates or updates one.
 */
export const createCollectionBody = z.object({
  name,
  description,
  color: color.nullable().optional(),
})

export const updateCollectionBody = z.object({
  name: name.optional(),
  description: description.optional(),
  /** `null` removes the colour. */
  color: color.nullable().optional(),
})

export const collectionSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    description: z.string(),
    color: z.string().nullable(),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
    document_count: z.int().min(0).meta({
      description: 'Every document in the collection, whatever its status (processing, completed, failed).',
    }),
    processed_count: z.int().min(0).meta({
      description:
        'Quire’s addition: the documents whose processing completed, the ones search and chat read. `document_count - processed_count` are processing or failed.',
    }),
    folder: folderStatusSchema.optional().meta({
      description:
        'Quire’s addition, on `GET /api/collections/{id}` only: the folder the collection follows (its name or server path, `state` `missing` while it is not there, when it was last checked, each file’s state and the skipped files with why), the same as `GET /api/collections/{id}/folder`; absent when it follows none.',
    }),
  })
  .meta({ id: 'Collection' })
