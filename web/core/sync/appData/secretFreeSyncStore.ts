import { isKeySettingDefinition, keySettingValue } from '../../secrets/keySettingValue'
import {
  isSecretField,
  secretNamesOf,
  SETTING_SECRET_NAMES,
  withoutSecrets,
  type SecretNames,
} from '../../secrets/secretFields'
import type { SyncServerStore } from '../SyncServer'
import type { SyncRecord } from '../SyncRecord'
import { platformKindOf, SYNC_KIND } from './syncKinds'
import { DATA_PREFIX } from './syncValues'

const DROP = Symbol('drop')

/**
 * A sync log that never holds a secret: every record is stripped of them (see secretFields) on its
 * way in and on its way out. SyncedStore already leaves keys out of what a host writes; this is the
 * log's own guard against what a device pushes (an older version, a careless or hostile client) and
 * against records logged before keys were left out, so no pull ever carries one.
 */
export function secretFreeSyncStore(inner: SyncServerStore): SyncServerStore {
  return {
    getRecord: async (kind, id) => {
      const record = await inner.getRecord(kind, id)
      return record && withoutSecretsInRecord(record)
    },
    putRecord: (record) => inner.putRecord(withoutSecretsInRecord(record)),
    putPushed: (records, clientId, counter) =>
      inner.putPushed(records.map(withoutSecretsInRecord), clientId, counter),
    appliedCounter: (clientId) => inner.appliedCounter(clientId),
    setAppliedCounter: (clientId, counter) => inner.setAppliedCounter(clientId, counter),
    changesAfter: async (after, limit) =>
      (await inner.changesAfter(after, limit)).map(({ seq, record }) => ({
        seq,
        record: withoutSecretsInRecord(record),
      })),
    latestSeq: () => inner.latestSeq(),
    horizon: () => inner.horizon(),
  }
}

/**
 * The record without keys: a field that is a key (`data.api_key: ["sk-..."]`) goes, with its kept
 * losing writes; keys inside a field's value (`data.value`, the settings' `generator`) are taken out
 * of it. The same record comes back when it holds none.
 */
export function withoutSecretsInRecord(record: SyncRecord): SyncRecord {
  let changed = false
  const fields: SyncRecord['fields'] = {}
  const names = secretNamesOfSyncKind(record.kind)
  // A key setting's value is a key in every form it was accepted in (keySettingValue), a bare one too.
  const keyForm = isKeySettingDefinition(unwrapped(record.fields[`${DATA_PREFIX}definition_id`]?.value))
  const strip = (field: string, value: unknown) =>
    keyForm && field === `${DATA_PREFIX}value`
      ? stripKeySetting(value, names)
      : stripField(field, value, names)
  for (const [name, stamp] of Object.entries(record.fields)) {
    const value = strip(name, stamp.value)
    if (value !== stamp.value) changed = true
    if (value !== DROP) fields[name] = value === stamp.value ? stamp : { ...stamp, value }
  }
  const conflicts = record.conflicts.flatMap((conflict) => {
    const value = strip(conflict.field, conflict.value)
    if (value !== conflict.value) changed = true
    if (value === DROP) return []
    return [value === conflict.value ? conflict : { ...conflict, value }]
  })
  return changed ? { ...record, fields, conflicts } : record
}

/** The secret names of a sync kind's records: a setting's in the settings and setting instances. */
function secretNamesOfSyncKind(kind: string): SecretNames {
  if (kind === SYNC_KIND.settings) return SETTING_SECRET_NAMES
  const platformKind = platformKindOf(kind)
  return platformKind === undefined ? secretNamesOf(kind) : secretNamesOf(platformKind)
}

/** A field's value without keys, or DROP when the field is a key. Values travel wrapped, `[v]`. */
function stripField(field: string, value: unknown, names: SecretNames): unknown {
  const name = field.startsWith(DATA_PREFIX) ? field.slice(DATA_PREFIX.length) : field
  const inner = unwrapped(value)
  if (isSecretField(name, inner, names) && inner !== '') return DROP
  return withoutSecrets(value, names)
}

/** A key setting's `value` field without its key: a bare or JSON-text key is taken in its object form first. */
function stripKeySetting(value: unknown, names: SecretNames): unknown {
  const inner = unwrapped(value)
  if (typeof inner !== 'string') return withoutSecrets(value, names)
  return [withoutSecrets(keySettingValue(inner), names)]
}

function unwrapped(value: unknown): unknown {
  return Array.isArray(value) && value.length === 1 ? (value as unknown[])[0] : undefined
}
