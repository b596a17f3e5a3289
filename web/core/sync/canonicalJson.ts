/**
 * JSON with object keys sorted, so two equal values always give the same text: used to tell
 * whether two writes carry the same value and to break ties deterministically. `undefined`,
 * functions and symbols are not JSON; they throw here rather than silently vanish from a record.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value)
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError(`Not a JSON value: ${value}`)
    return JSON.stringify(value)
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`)
    return `{${entries.join(',')}}`
  }
  throw new TypeError(`Not a JSON value: ${String(value)}`)
}
