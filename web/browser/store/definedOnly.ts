/** The patch without its undefined fields: Dexie's `modify` would otherwise store them as undefined. */
export function definedOnly<T extends object>(patch: T): Partial<T> {
  return Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)) as Partial<T>
}
