import { z } from 'zod'
import { defineRecordKind } from '../RecordKind'

/** Why a backup was taken: the person asked (POST .../backup), or Quire did before a publish or restore. */
export const BACKUP_REASONS = ['manual', 'publish', 'restore'] as const
export type BackupReason = (typeof BACKUP_REASONS)[number]

/**
 * A saved copy of a page's content, under the page (`parent_id`). `label` and `reason` came with the
 * backup history (pageBackups.ts); older backups lack them and are shown as manual backups.
 */
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
    label: z.string().optional(),
    reason: z.enum(BACKUP_REASONS).optional(),
  }),
})
