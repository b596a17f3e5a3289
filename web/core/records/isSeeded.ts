import type { StoredRecord } from '../store/StoredRecord'
import { SEED_TIME } from './seedTime'

/** Whether a record is one of the profile's seeds (made by `seedProfile`, changed or not since). */
export function isSeeded(record: Pick<StoredRecord, 'created_at'>): boolean {
  return record.created_at === SEED_TIME
}

/** A seed as every host makes it: never changed by the person. */
export function isUnchangedSeed(record: Pick<StoredRecord, 'created_at' | 'updated_at'>): boolean {
  return isSeeded(record) && record.updated_at === SEED_TIME
}
