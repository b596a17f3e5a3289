import { endpointOf } from '../secrets/keepSecrets'
import { isPlainObject } from '../secrets/secretFields'

const NO_ENDPOINT = endpointOf({})

/**
 * What restoring `incoming` (an archive's settings, or a setting record's data) over `local` stores
 * when the person already has settings of their own: the archive's values, but never an endpoint of
 * its. Wherever an object of the archive names one (`kind`, `provider`, `*url`, `*address`,
 * `*endpoint`, `*host`: the fields `keepSecrets` compares), it is taken only where the local object in
 * its place names the same; where the local one names another, the local object is kept whole; where
 * there is none, it is left out. So an archive can never point a person's provider (their questions,
 * their documents' passages, a key entered later) at another server. Array items are matched by `id`
 * where they have one, else by position, as keys are. Answers undefined for what is left out.
 */
export function keepLocalEndpoints(incoming: unknown, local: unknown): unknown {
  if (Array.isArray(incoming)) {
    const previous = Array.isArray(local) ? local : []
    const byId = new Map(previous.filter(hasId).map((item) => [item.id, item]))
    return incoming
      .map((item, index) => keepLocalEndpoints(item, hasId(item) ? byId.get(item.id) : previous[index]))
      .filter((item) => item !== undefined)
  }
  if (!isPlainObject(incoming)) return incoming
  const endpoint = endpointOf(incoming)
  if (endpoint !== NO_ENDPOINT) {
    if (!isPlainObject(local)) return undefined
    if (endpointOf(local) !== endpoint) return local
  }
  const before = isPlainObject(local) ? local : {}
  const fields: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(incoming)) {
    const kept = keepLocalEndpoints(value, before[name])
    if (kept !== undefined) fields[name] = kept
  }
  return fields
}

function hasId(item: unknown): item is { id: string | number } {
  return isPlainObject(item) && (typeof item.id === 'string' || typeof item.id === 'number')
}
