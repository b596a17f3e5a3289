/**
 * A tiny assertion kit for suites that run on several hosts (Vitest in Node, Playwright, a page in
 * Chromium): they cannot depend on one test runner's `expect`. Failures throw with a readable message.
 */
export class CheckError extends Error {
  override name = 'CheckError'
}

export function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new CheckError(message)
}

export function checkEqual<T>(actual: T, expected: T, what: string): void {
  if (!deepEqual(actual, expected)) {
    throw new CheckError(`${what}: expected ${show(expected)}, got ${show(actual)}`)
  }
}

export function checkMatch(actual: unknown, pattern: RegExp, what: string): void {
  if (typeof actual !== 'string' || !pattern.test(actual)) {
    throw new CheckError(`${what}: expected a string matching ${pattern}, got ${show(actual)}`)
  }
}

export const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i
/** ISO 8601 with millisecond precision and a Z suffix. */
export const TIMESTAMP_MS_Z = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/

/** A new record's stamps as the spec gives them: a UUID v4 id, and created_at in UTC with milliseconds. */
export function checkNewRecord(record: { id: unknown; created_at?: unknown }): void {
  checkMatch(record.id, UUID_V4, 'id')
  checkMatch(record.created_at, TIMESTAMP_MS_Z, 'created_at')
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a) !== Array.isArray(b)) return false
  // Maps and Sets keep their entries out of Object.keys: without these, any two would be equal.
  if (a instanceof Map || b instanceof Map) {
    if (!(a instanceof Map && b instanceof Map) || a.size !== b.size) return false
    return [...a].every(([key, value]) => b.has(key) && deepEqual(value, b.get(key)))
  }
  if (a instanceof Set || b instanceof Set) {
    if (!(a instanceof Set && b instanceof Set) || a.size !== b.size) return false
    return [...a].every((value) => b.has(value))
  }
  if (ArrayBuffer.isView(a) && a.constructor !== b.constructor) return false
  const keysA = Object.keys(a)
  const keysB = Object.keys(b)
  if (keysA.length !== keysB.length) return false
  return keysA.every(
    (key) =>
      Object.prototype.hasOwnProperty.call(b, key) &&
      deepEqual((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
  )
}

function show(value: unknown): string {
  const text = JSON.stringify(value, (_, inner: unknown) =>
    inner instanceof Map ? { Map: [...inner] } : inner instanceof Set ? { Set: [...inner] } : inner,
  )
  return text === undefined ? String(value) : text.length > 300 ? `${text.slice(0, 300)}…` : text
}
