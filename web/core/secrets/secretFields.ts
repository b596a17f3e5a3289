import { settingInstanceKind } from '../records/kinds/settingInstanceKind'
import { isApiKeyName, isSecretName } from './secretNames'

/**
 * Which values are secrets, wherever they sit in a person's JSON (settings, setting instances, any
 * record): a string under a field whose name names one (see secretNames), at any depth. A field of
 * such a name holding something else (`has_api_key: true`, `null`) is no secret. Every rule about
 * secrets (masked reads, sealed storage, never synced) finds them here, so a secret under a new name
 * is either covered everywhere or nowhere.
 *
 * Which names count depends on where the value sits (`SecretNames`): in settings (the settings and
 * setting instances, where people save credentials) any secret-looking name does (`token`,
 * `password`, `clientSecret`); in every other record only API key names do, since a page, a plugin's
 * state or a component may well hold a `key` or a `token` that is nothing secret, and would be
 * masked, or left out of sync, by mistake.
 */
export type SecretNames = (name: string) => boolean

/** The names of secrets in settings and setting instances: any name that looks like one. */
export const SETTING_SECRET_NAMES: SecretNames = isSecretName

/** The names of secrets in any other record: API keys. */
export const API_KEY_NAMES: SecretNames = isApiKeyName

/** The secret names of a record of this store kind. */
export function secretNamesOf(kind: string): SecretNames {
  return kind === settingInstanceKind.kind ? SETTING_SECRET_NAMES : API_KEY_NAMES
}

export function isSecretField(name: string, value: unknown, names: SecretNames): value is string {
  return typeof value === 'string' && names(name)
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * `value` with each secret (of `names`) replaced by `change(key, fieldName)`, or its field removed
 * where that answers undefined. Objects and arrays that hold none come back as the very same
 * objects, so a caller can tell "nothing to do" by identity and pays no copy for it.
 */
export function mapSecrets(
  value: unknown,
  change: (key: string, name: string) => string | undefined,
  names: SecretNames,
): unknown {
  if (Array.isArray(value)) {
    let changed = false
    const items = value.map((item) => {
      const next = mapSecrets(item, change, names)
      if (next !== item) changed = true
      return next
    })
    return changed ? items : value
  }
  if (!isPlainObject(value)) return value
  let changed = false
  const fields: Record<string, unknown> = {}
  for (const [name, field] of Object.entries(value)) {
    if (isSecretField(name, field, names)) {
      const next = change(field, name)
      if (next !== field) changed = true
      if (next !== undefined) fields[name] = next
      continue
    }
    const next = mapSecrets(field, change, names)
    if (next !== field) changed = true
    fields[name] = next
  }
  return changed ? fields : value
}

/** Every secret in `value`, in no particular order (each once). */
export function secretsIn(value: unknown, names: SecretNames): string[] {
  const found = new Set<string>()
  mapSecrets(
    value,
    (key) => {
      found.add(key)
      return key
    },
    names,
  )
  return [...found]
}

/**
 * `value` without its keys: what sync carries (keys never travel by sync; each host keeps its own).
 * An empty key (a cleared one) is no secret and stays, so a clear still reaches other devices'
 * views of the record; they keep their own key all the same (see keepSecrets).
 */
export function withoutSecrets<T>(value: T, names: SecretNames): T {
  return mapSecrets(value, (key) => (key === '' ? key : undefined), names) as T
}

/** `change` applied to every key, awaited (sealing and opening are async ports). */
export async function mapSecretsAsync(
  value: unknown,
  change: (key: string) => Promise<string | undefined>,
  names: SecretNames,
): Promise<unknown> {
  const keys = secretsIn(value, names)
  if (keys.length === 0) return value
  const changed = new Map<string, string | undefined>()
  for (const key of keys) changed.set(key, await change(key))
  return mapSecrets(value, (key) => changed.get(key), names)
}
