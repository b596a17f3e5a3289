import { z } from 'zod'
import { ApiError } from '../../../kernel/ApiError'
import { defineRoute, type Route } from '../../Route'
import { canonicalId, recordId } from '../../../records/recordId'
import { notFoundResponse } from '../platformErrors'
import { pageBackupKind } from '../../../records/kinds/pageBackupKind'
import { backupSummary, listPageBackups, MAX_PAGE_BACKUPS, takePageBackup } from './pageBackups'
import { pageKind } from '../../../records/kinds/pageKind'
import { pageDetailSchema, pageBackupSummarySchema } from './pageSchemas'
import { pageView } from './pageView'
import type { ApiPorts } from '../../ApiPorts'
import type { RecordPorts } from '../../../records/platformRecords'

/** Backups are records under their page; restoring one first backs up the page as it is (clock, new id). */
type PageBackupPorts = Pick<ApiPorts, 'clock' | 'newId'> & RecordPorts

const BASE = '/api/v1/pages/:page_id'
const tags = ['Pages']
const PAGE_NOT_FOUND = pageKind.notFound
const BACKUP_NOT_FOUND = pageBackupKind.notFound

/**
 * The backup id is read in the handler, not by the params schema: a malformed one then answers
 * `Backup not found`, where the schema's 404 would name the page.
 */
const restoreParams = z.object({ page_id: recordId, backup_id: z.string().max(100) })

/** A page's backup history (Quire extensions; BrainDrive keeps only the last backup in the page). */
export const pageBackupRoutes: Route[] = [
  defineRoute({
    method: 'get',
    path: `${BASE}/backups`,
    operationId: 'listPageBackups',
    summary: 'List a page’s backups (Quire extension)',
    description: [
      'Quire extension (BrainDrive has no backup history). The page’s backups, newest first: those taken',
      `by POST .../backup (\`reason: manual\`) and those Quire takes before a publish (\`publish\`) and`,
      `before a restore (\`restore\`, so a restore can be undone). At most ${MAX_PAGE_BACKUPS} are kept per page,`,
      'the oldest pushed out. Each answers its label and `module_count` (keys of `content.modules`, else',
      'items of `content.components`) instead of its content. 404 for an unknown page.',
    ].join(' '),
    tags,
    errorStyle: 'platform',
    params: pageKind.params,
    notFoundDetail: PAGE_NOT_FOUND,
    responses: {
      200: {
        description: 'The backups, newest first',
        schema: z.object({ backups: z.array(pageBackupSummarySchema), total: z.int().min(0) }),
      },
      404: notFoundResponse(PAGE_NOT_FOUND),
    },
    async handler({ params }, ports: PageBackupPorts) {
      const page = await pageKind.require(ports, params.page_id)
      const backups = (await listPageBackups(ports, page.id)).map(backupSummary)
      return { status: 200, body: { backups, total: backups.length } }
    },
  }),
  defineRoute({
    method: 'post',
    path: `${BASE}/backups/:backup_id/restore`,
    operationId: 'restorePageBackup',
    summary: 'Restore one of a page’s backups (Quire extension)',
    description: [
      'Quire extension. Replaces the page’s content with the backup’s (its name and route stay as they',
      'are), after keeping the content it replaces as a backup labelled `Before restore` (unless the newest',
      'backup already holds it), so the restore itself can be undone by restoring that one. `backup_id`',
      'must name a backup of this page: another page’s backup, an unknown or malformed id is 404',
      '`Backup not found`. `content_backup` and `backup_date` (BrainDrive’s last manual backup) are left as',
      'they were. Answers the page (PageDetailResponse) with `restored_from` and `backup`, the summaries',
      'of the backup restored and of the one taken before (null when none was needed). No body is read.',
    ].join(' '),
    tags,
    errorStyle: 'platform',
    params: restoreParams,
    notFoundDetail: PAGE_NOT_FOUND,
    responses: {
      200: {
        description: 'The page with the backup’s content',
        schema: pageDetailSchema
          .extend({
            restored_from: pageBackupSummarySchema,
            backup: pageBackupSummarySchema.nullable(),
          })
          .meta({ id: 'PageRestoreResponse' }),
      },
      404: notFoundResponse(`${PAGE_NOT_FOUND} / ${BACKUP_NOT_FOUND}`),
    },
    async handler({ params }, ports: PageBackupPorts) {
      const page = await pageKind.require(ports, params.page_id)
      const backupId = canonicalId(params.backup_id)
      const backup = backupId ? await pageBackupKind.find(ports, backupId) : undefined
      if (!backup || backup.data.page_id !== page.id) throw ApiError.notFound(BACKUP_NOT_FOUND)
      const before = await takePageBackup(ports, page, { reason: 'restore', skipIfUnchanged: true })
      const next = pageKind.patch(ports, page, {
        content: backup.data.content as Record<string, unknown>,
      })
      await ports.store.records.writeRecords([...before.writes, { put: next }])
      return {
        status: 200,
        body: {
          ...pageView(next, true),
          restored_from: backupSummary(backup),
          backup: before.backup ? backupSummary(before.backup) : null,
        },
      }
    },
  }),
]
