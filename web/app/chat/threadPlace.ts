/**
 * Where the reader left each thread (its scroll offset), by the id of the chat it shows, for as long as the
 * page lives: another chat or another screen opened and this one opened again shows what was being read. A
 * thread left at its end is not kept: it opens at its newest message, which may be newer by then. Kept in
 * memory, not in storage: a reload opens each chat at its newest message, as a first visit does.
 */
const places = new Map<string, number>()

/** The offset the reader left the thread at, or undefined when they left it at its end (or never read it). */
export function threadPlace(key: string): number | undefined {
  return places.get(key)
}

/** Keeps the reader's offset in the thread, or forgets it (undefined) when they are at its end. */
export function keepThreadPlace(key: string, top: number | undefined): void {
  if (top === undefined) places.delete(key)
  else places.set(key, top)
}
