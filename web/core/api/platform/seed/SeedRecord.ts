import type { RecordKind } from '../../../records/RecordKind'

/**
 * A record every new profile starts with (as BrainDrive seeds a user at sign-up). Its id is fixed, the
 * same on every host and for every person, so the copies a person's devices and the server each make
 * are one record to sync: only the person's own changes to it (or its deletion) travel.
 */
export interface SeedRecord {
  kind: RecordKind
  id: string
  parent_id?: string | null
  /** The record's fields; `user_id: null` is filled in with the profile's user. */
  data: Record<string, unknown>
}
