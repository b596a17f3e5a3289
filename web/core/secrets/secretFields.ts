/**
 * Which values are API keys, wherever they sit in a person's JSON (settings, setting instances,
 * any record): a string under a field named `api_key`, `apiKey`, `apikey`, `API_KEY`, or ending in
 * one (`openai_api_key`, `groqApiKey`), at any depth. A field of that name holding something else
 * (`has_api_key: true`, `null`) is not a key. Every rule about keys (masked reads, sealed storage,
 * never synced) finds them here, so a key under a new name is either covered everywhere or nowhere.
 */
const SECRET_NAME = /api_?key$/i

export function isSecretField(name: string, value: unknown): value is string {
  return typeof value === 'string' && SECRET_NAME.test(name)
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * `value` with each key replaced by `change(key, fieldName)`, or its field removed where that
 * answers undefined. Objects and arrays that hold no key come back as the very same objects, so a
 * caller can tell "nothing to do" by identity and pays no copy for it.
 */
export function mapSecrets(
  value: unknown,
  change: (key: string, name: string) => string | undefined,
): unknown {
  if (Array.isArray(value)) {
    let changed = false
    const items = value.map((item) => {
      const next = mapSecrets(item, change)
      if (next !== item) changed = true
      return next
    })
    return changed ? items : value
  }
  if (!isPlainObject(value)) return value
  let changed = false
  const fields: Record<string, unknown> = {}
  for (const [name, field] of Object.entries(value)) {
    if (isSecretField(name, field)) {
      const next = change(field, name)
      if (next !== field) changed = true
      if (next !== undefined) fields[name] = next
      continue
    }
    const next = mapSecrets(field, change)
    if (next !== field) changed = true
    fields[name] = next
  }
  return changed ? fields : value
}

/** Every key in `value`, in no particular order (each once). */
export function secretsIn(value: unknown): string[] {
  const found = new Set<string>()
  mapSecrets(value, (key) => {
    found.add(key)
    return key
  })
  return [...found]
}

/**
 * `value` without its keys: what sync carries (keys never travel by sync; each host keeps its own).
 * An empty key (a cleared one) is no secret and stays, so a clear still reaches other devices'
 * views of the record; they keep their own key all the same (see keepSecrets).
 */
export function withoutSecrets<T>(value: T): T {
  return mapSecrets(value, (key) => (key === '' ? key : undefined)) as T
}

/** `change` applied to every key, awaited (sealing and opening are async ports). */
export async function mapSecretsAsync(
  value: unknown,
  change: (key: string) => Promise<string | undefined>,
): Promise<unknown> {
  const keys = secretsIn(value)
  if (keys.length === 0) return value
  const changed = new Map<string, string | undefined>()
  for (const key of keys) changed.set(key, await change(key))
  return mapSecrets(value, (key) => changed.get(key))
}
