import { z } from 'zod'
import { ApiError } from '../kernel/ApiError'
import type { HostPorts } from '../kernel/HostPorts'
import type { StoredRecord } from '../store/StoredRecord'
import { newRecord, patchedRecord, putRecord, recordView, type RecordPorts } from './platformRecords'
import { recordId } from './recordId'

/**
 * Whether a kind's records travel to the person's other devices: always, never (this host's own
 * bookkeeping), or as a record's fields decide (plugin state: only persistent states).
 */
export type RecordSync = 'always' | 'never' | ((data: Record<string, unknown>) => boolean)

export interface RecordKindOptions<F extends z.ZodType<Record<string, unknown>>, P extends string> {
  /** The store's kind (`StoredRecord.kind`); also names the sync kind `record:<kind>`. */
  kind: string
  /** The 404 detail for an unknown id, e.g. `Tag not found`. */
  notFound: string
  /** The path parameter naming one record (`tag_id`). */
  idParam: P
  /** What that parameter accepts: by default a UUID with or without hyphens (`recordId`). */
  idSchema?: z.ZodType<string, string>
  /** Decided here, for every kind: a kind cannot be added without saying whether it syncs. */
  sync: RecordSync
  /**
   * The fields a stored record carries (`StoredRecord.data`). A record that arrives by sync is checked
   * against it (a careless or hostile device may send anything): one that fails is skipped.
   */
  fields: F
}

/**
 * One kind of platform record ("records of one kind": tags, personas, components, navigation routes,
 * settings, ...), declared once: its store kind, sync rule, stored fields and id parameter, with the
 * reads and writes its routes share. Every declaration is listed in `recordKinds.ts`, which sync reads;
 * a write of a kind not listed there is refused by the SyncedStore, so a new kind cannot forget to sync.
 */
export interface RecordKind<
  F extends z.ZodType<Record<string, unknown>> = z.ZodType<Record<string, unknown>>,
  P extends string = string,
> extends RecordKindOptions<F, P> {
  /** `{[idParam]: idSchema}`: the route's `params` schema. */
  params: z.ZodObject<Record<P, z.ZodType<string, string>>>
  /** Whether this record syncs under the kind's rule. */
  syncs(record: Pick<StoredRecord, 'data'>): boolean
  /** The record, or undefined (another kind's record with that id is not it). */
  find(ports: RecordPorts, id: string): Promise<StoredRecord | undefined>
  /** The record, or a 404 ApiError with `notFound`. */
  require(ports: RecordPorts, id: string): Promise<StoredRecord>
  /** Records of the kind (under `parentId` when given), oldest first. */
  list(ports: RecordPorts, parentId?: string): Promise<StoredRecord[]>
  /** A new record with a fresh id and timestamps, not stored yet. */
  create(ports: Pick<HostPorts, 'clock' | 'newId'>, data: z.output<F>, parentId?: string | null): StoredRecord
  /** The record with `patch` applied (undefined values keep a field) and `updated_at` now, not stored yet. */
  patch(ports: Pick<HostPorts, 'clock'>, record: StoredRecord, patch: Partial<z.output<F>>): StoredRecord
  /** Stores (inserts or replaces) one record. */
  put(ports: RecordPorts, record: StoredRecord): Promise<void>
  /** Deletes one record (no error when missing). */
  remove(ports: RecordPorts, id: string): Promise<void>
  /** The record's public view: `id`, its fields, `created_at`, `updated_at`. */
  view(record: StoredRecord): Record<string, unknown>
}

export function defineRecordKind<F extends z.ZodType<Record<string, unknown>>, P extends string>(
  options: RecordKindOptions<F, P>,
): RecordKind<F, P> {
  const { kind, notFound, sync } = options
  return {
    ...options,
    params: z.object({ [options.idParam]: options.idSchema ?? recordId } as Record<
      P,
      z.ZodType<string, string>
    >),
    syncs: (record) => (typeof sync === 'function' ? sync(record.data) : sync === 'always'),
    find: async (ports, id) => {
      const record = await ports.store.records.getRecord(kind, id)
      return record?.kind === kind ? record : undefined
    },
    async require(ports, id) {
      const record = await this.find(ports, id)
      if (!record) throw ApiError.notFound(notFound)
      return record
    },
    list: (ports, parentId) => ports.store.records.listRecords(kind, parentId ? { parentId } : undefined),
    create: (ports, data, parentId = null) => newRecord(ports, kind, data, parentId),
    patch: (ports, record, patch) => patchedRecord(ports, record, patch),
    put: (ports, record) => putRecord(ports, record),
    remove: (ports, id) => ports.store.records.writeRecords([{ delete: { kind, id } }]),
    view: recordView,
  }
}
