/** The work under way for each owner and key, as the promise its next work waits for. */
const tails = new WeakMap<object, Map<string, Promise<unknown>>>()

/**
 * Runs `work` once the work started earlier for the same `owner` and `key` has ended (however it
 * ended): one at a time per owner and key, in the order asked, within this process. Used for
 * imports, per person's store (two imports of one archive at once would each find a collection or
 * file missing, both write it, and one failing would undo what the other now uses), and for
 * uploads, per person's store and collection (two uploads of the same content at once would each
 * find no document with it, and both make one).
 */
export async function oneAtATime<T>(owner: object, work: () => Promise<T>, key = ''): Promise<T> {
  let byKey = tails.get(owner)
  if (!byKey) tails.set(owner, (byKey = new Map()))
  const before = byKey.get(key) ?? Promise.resolve()
  const mine = before.then(work, work)
  const tail = mine.catch(() => undefined)
  byKey.set(key, tail)
  try {
    return await mine
  } finally {
    if (byKey.get(key) === tail) byKey.delete(key)
  }
}
