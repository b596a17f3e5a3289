import type { ApiPorts } from '../../ApiPorts'
import type { RecordWrite, StoredRecord } from '../../../store/StoredRecord'
import { pageBackupKind, type BackupReason } from '../../../records/kinds/pageBackupKind'
import type { PageFields } from '../../../records/kinds/pageKind'
import type { RecordPorts } from '../../../records/platformRecords'

/** Backups kept per page: a new one beyond this pushes the oldest out. */
export const MAX_PAGE_BACKUPS = 20

const DEFAULT_LABELS: Record<BackupReason, string> = {
  manual: 'Backup',
  publish: 'Before publish',
  restore: 'Before restore',
}

/**
 * How many modules a content holds: BrainDrive's studio form (`modules`, an object by layout key) or
 * the spec's (`components`, a list); 0 for anything else.
 */
export function moduleCount(content: unknown): number {
  if (typeof content !== 'object' || content === null) return 0
  const { modules, components } = content as Record<string, unknown>
  if (typeof modules === 'object' && modules !== null && !Array.isArray(modules))
    return Object.keys(modules).length
  return Array.isArray(components) ? components.length : 0
}

/** A backup as the history lists it: no content (lists stay small), its module count instead. */
export function backupSummary(record: StoredRecord): Record<string, unknown> {
  const data = record.data
  return {
    id: record.id,
    page_id: data.page_id,
    name: data.name,
    route: data.route,
    label: typeof data.label === 'string' ? data.label : DEFAULT_LABELS.manual,
    reason: typeof data.reason === 'string' ? data.reason : 'manual',
    module_count: moduleCount(data.content),
    created_at: record.created_at,
  }
}

/** The page's backups, newest first. */
export async function listPageBackups(ports: RecordPorts, pageId: string): Promise<StoredRecord[]> {
  return (await pageBackupKind.list(ports, pageId)).reverse()
}

/**
 * A new backup of `page`'s content as it is now, and the writes that store it and push the oldest out
 * beyond MAX_PAGE_BACKUPS. With `skipIfUnchanged` (the automatic backups) nothing is taken when the newest
 * backup already holds this content, so publishing the same page again and again does not fill the
 * history with copies.
 */
export async function takePageBackup(
  ports: Pick<ApiPorts, 'clock' | 'newId'> & RecordPorts,
  page: StoredRecord,
  options: { reason: BackupReason; label?: string; skipIfUnchanged?: boolean },
): Promise<{ backup: StoredRecord | undefined; writes: RecordWrite[] }> {
  const { name, route, content } = page.data as PageFields
  const newestFirst = await listPageBackups(ports, page.id)
  const newest = newestFirst[0]
  if (options.skipIfUnchanged && newest && sameJson(newest.data.content, content))
    return { backup: undefined, writes: [] }
  const backup = pageBackupKind.create(
    ports,
    {
      page_id: page.id,
      name,
      route,
      content,
      label: options.label ?? DEFAULT_LABELS[options.reason],
      reason: options.reason,
    },
    page.id,
  )
  const pushedOut = newestFirst.slice(MAX_PAGE_BACKUPS - 1)
  return {
    backup,
    writes: [{ put: backup }, ...pushedOut.map((old) => ({ delete: { kind: old.kind, id: old.id } }))],
  }
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}
