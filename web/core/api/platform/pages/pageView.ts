import type { StoredRecord } from '../../../store/StoredRecord'
import { pageKind } from '../../../records/kinds/pageKind'

/**
 * A page as the API answers it (PageResponse): the stored fields, with the ones older pages lack
 * (`navigation_route_id`, `publish_date`, `backup_date`) as null. `content_backup`, the content of
 * the last backup, is shown by the single-page reads only (`detail`), as BrainDrive's
 * PageDetailResponse does: lists stay small.
 */
export function pageView(record: StoredRecord, detail = false): Record<string, unknown> {
  const { content_backup: contentBackup, ...view } = pageKind.view(record)
  const page: Record<string, unknown> = {
    navigation_route_id: null,
    publish_date: null,
    backup_date: null,
    ...view,
  }
  if (detail) page.content_backup = contentBackup ?? null
  return page
}
