/** The work under way for each owner, as the promise its next work waits for. */
const tails = new WeakMap<object, Promise<unknown>>()

/**
 * Runs `work` once the work started earlier for the same `owner` has ended (however it ended): one
 * at a time per owner, in the order asked. Used for imports, per person's store: two imports of one
 * archive at once would each find a collection or file missing, both write it, and one failing would
 * undo what the other now uses.
 */
export async function oneAtATime<T>(owner: object, work: () => Promise<T>): Promise<T> {
  const before = tails.get(owner) ?? Promise.resolve()
  const mine = before.then(work, work)
  const tail = mine.catch(() => undefined)
  tails.set(owner, tail)
  try {
    return await mine
  } finally {
    if (tails.get(owner) === tail) tails.delete(owner)
  }
}
