import { isMaskOf, looksMasked } from './keyHint'
import { isPlainObject, isSecretField, SETTING_SECRET_NAMES, type SecretNames } from './secretFields'

/** Flags masked reads add beside a key (BrainDrive's names): read-only, dropped from what is written. */
export const KEY_FLAGS = ['_has_key', '_key_valid'] as const

// The fields that say where a key is sent. A key is kept only while its object still names the same
// endpoint: a key left out must never follow a changed URL to another server.
const ENDPOINT_FIELD = /^(?:kind|provider)$|(?:url|address|endpoint|host)$/i

/**
 * What to store when `incoming` (a write, or a record another device synced) replaces `stored`.
 * For each secret of `names` (a setting's by default, see secretFields), at any depth:
 * - left out, or sent back masked as reads show it (`…abcd`, BrainDrive's `sk-proj...abcd`): the
 *   stored key is kept, while the object it sits in names the same endpoint (its `kind`, `provider`
 *   and `*url` / `*address` / `*endpoint` / `*host` fields unchanged); else there is no key;
 * - any other masked-looking string (`…wxyz`, `***`): no key, since a mask is never a key;
 * - `''`: cleared, stored as `''`;
 * - anything else: the new key.
 * Array items are matched by `id` where they have one (a list of servers), else by position. The
 * read-only `KEY_FLAGS` are dropped wherever they appear.
 */
export function keepSecrets(
  incoming: unknown,
  stored: unknown,
  names: SecretNames = SETTING_SECRET_NAMES,
): unknown {
  if (Array.isArray(incoming)) {
    const previous = Array.isArray(stored) ? stored : []
    const byId = new Map(previous.filter(hasId).map((item) => [item.id, item]))
    return incoming.map((item, index) =>
      keepSecrets(item, hasId(item) ? byId.get(item.id) : previous[index], names),
    )
  }
  if (!isPlainObject(incoming)) return incoming
  const before = isPlainObject(stored) ? stored : {}
  const sameEndpoint = endpointOf(incoming) === endpointOf(before)
  const kept = (name: string): string | undefined => {
    const key = before[name]
    return sameEndpoint && isSecretField(name, key, names) && key !== '' ? key : undefined
  }
  const fields: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(incoming)) {
    if ((KEY_FLAGS as readonly string[]).includes(name)) continue
    if (!isSecretField(name, value, names)) {
      fields[name] = keepSecrets(value, before[name], names)
      continue
    }
    const previous = kept(name)
    if (value === '' || !looksMasked(value)) fields[name] = value
    else if (previous !== undefined && isMaskOf(value, previous)) fields[name] = previous
  }
  for (const name of Object.keys(before)) {
    if (name in incoming) continue
    const previous = kept(name)
    if (previous !== undefined) fields[name] = previous
  }
  return fields
}

function hasId(item: unknown): item is { id: string | number } {
  return isPlainObject(item) && (typeof item.id === 'string' || typeof item.id === 'number')
}

/** The object's endpoint fields, normalised (spacing and trailing slashes do not count), as one string. */
export function endpointOf(value: Record<string, unknown>): string {
  const parts = Object.entries(value)
    .filter(([name]) => ENDPOINT_FIELD.test(name))
    .map(([name, field]) => [
      name,
      typeof field === 'string' ? field.trim().replace(/\/+$/, '') : JSON.stringify(field),
    ])
    .sort(([a = ''], [b = '']) => (a < b ? -1 : a > b ? 1 : 0))
  return JSON.stringify(parts)
}
