/**
 * A copy of `value` as JSON would carry it. IndexedDB could keep more (Dates, Maps, undefined), but
 * the SQL store keeps JSON text, and both adapters must read back the same thing.
 */
export function jsonClone<T>(value: T): T {
  return JSON.parse(JSON.stringify(value) ?? 'null') as T
}
