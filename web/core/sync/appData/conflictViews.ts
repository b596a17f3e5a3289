import { parseHlc } from '../Hlc'
import { openConflicts, type SyncRecord } from '../SyncRecord'
import { fromSyncFields } from './syncFields'
import { platformKindOf, SYNC_KIND } from './syncKinds'

/** A losing write a person may want back, as the conflicts list shows it. */
export interface ConflictView {
  /** Names this losing write for restore and dismiss. */
  conflict_id: string
  kind: string
  id: string
  /** The field, as the REST surface names it. */
  field: string
  /** What kind of thing, in words: `collection`, `chat session`, `persona`... */
  what: string
  /** The thing's name or title where it has one, to recognise it by. */
  title: string | null
  /** The value that lost; `removed` when the losing write removed the field. */
  lost: { value: unknown; removed: boolean; at: string; device: string }
  current: { value: unknown; removed: boolean; at: string; device: string }
}

const WORDS: Record<string, string> = {
  [SYNC_KIND.collection]: 'collection',
  [SYNC_KIND.document]: 'document',
  [SYNC_KIND.session]: 'chat session',
  [SYNC_KIND.message]: 'chat message',
  [SYNC_KIND.settings]: 'settings',
}

const BOOKKEEPING = new Set(['updated_at', 'created_at'])

/** `conflict` identifies one losing write: its record, field and stamp. */
export const conflictKey = (c: { kind: string; id: string; field: string; hlc: string }) =>
  `${c.kind} ${c.id} ${c.field} ${c.hlc}`

/**
 * The open conflicts of these records (see `openConflicts`: losing writes from another device that
 * differ from the current value), newest first, without those the person dismissed.
 */
export function conflictViews(
  records: readonly SyncRecord[],
  dismissed: ReadonlySet<string>,
): ConflictView[] {
  const views: Array<ConflictView & { hlc: string }> = []
  for (const record of records) {
    const values = fromSyncFields(record)
    const title =
      values.name ?? values.title ?? values.original_filename ?? values['data.name'] ?? values['data.title']
    for (const conflict of openConflicts(record)) {
      const winner = record.fields[conflict.field]
      const field = conflict.field.replace(/^data\./, '')
      // Every edit stamps `updated_at`: two edits of one thing always race there, and nobody wants
      // a timestamp back. The fields they edited carry the conflict worth a decision.
      if (BOOKKEEPING.has(field) || !winner || dismissed.has(conflictKey({ ...record, ...conflict })))
        continue
      views.push({
        conflict_id: conflictKey({ ...record, ...conflict }),
        kind: record.kind,
        id: record.id,
        field,
        what: WORDS[record.kind] ?? (platformKindOf(record.kind) ?? record.kind).replace(/_/g, ' '),
        title: typeof title === 'string' ? title : null,
        lost: describe(conflict.value, conflict.hlc),
        current: describe(winner.value, winner.hlc),
        hlc: conflict.hlc,
      })
    }
  }
  return views.sort((a, b) => (a.hlc < b.hlc ? 1 : -1)).map(({ hlc: _hlc, ...view }) => view)
}

function describe(wrapped: unknown, hlc: string): ConflictView['lost'] {
  const { wall, node } = parseHlc(hlc)
  const present = Array.isArray(wrapped) && wrapped.length === 1
  return {
    value: present ? wrapped[0] : null,
    removed: !present,
    at: new Date(wall).toISOString(),
    device: node,
  }
}
