import { z } from 'zod'
import { defineRecordKind } from '../RecordKind'

/** A saved copy of a page's content, under the page (`parent_id`). */
export const pageBackupKind = defineRecordKind({
  kind: 'page_backup',
  notFound: 'Backup not found',
  idParam: 'backup_id',
  sync: 'always',
  fields: z.looseObject({
    page_id: z.string(),
    name: z.string(),
    route: z.string(),
    content: z.record(z.string(), z.unknown()),
  }),
})
