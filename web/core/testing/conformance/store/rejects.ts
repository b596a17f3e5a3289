/** Whether `action` rejects (or throws); for cases where a store must refuse a write. */
export async function rejects(action: () => Promise<unknown>): Promise<boolean> {
  try {
    await action()
    return false
  } catch {
    return true
  }
}
