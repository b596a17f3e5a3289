/** A decoded index's postings, shared by all its terms until each is first read. */
export interface PostingArrays {
  /** Per field entry, its field id. */
  entryFields: Int32Array
  /** Per field entry, where its postings start in `docs` and `freqs` (one more entry: the end). */
  postingStarts: Int32Array
  docs: Int32Array
  freqs: Int32Array
}

/**
 * One term's postings in MiniSearch's shape (field id -> document short id -> term frequency), made
 * from the decoded arrays only when something first reads or changes them. Loading an index then
 * builds one small object per term instead of a Map entry per posting (about 10 million at 100k
 * chunks, most of the load's time and memory); a search builds the Maps of its own terms only.
 * Every Map method goes through `fill` first, so MiniSearch (adding, removing, vacuuming) and
 * `miniSearchTopK` see an ordinary Map whatever they call.
 */
export class LazyPostings extends Map<number, Map<number, number>> {
  private arrays: PostingArrays | null
  private readonly entryStart: number
  private readonly entryEnd: number

  constructor(arrays: PostingArrays, entryStart: number, entryEnd: number) {
    super()
    this.arrays = arrays
    this.entryStart = entryStart
    this.entryEnd = entryEnd
  }

  override get size(): number {
    this.fill()
    return super.size
  }

  override get(fieldId: number): Map<number, number> | undefined {
    this.fill()
    return super.get(fieldId)
  }

  override has(fieldId: number): boolean {
    this.fill()
    return super.has(fieldId)
  }

  override set(fieldId: number, freqs: Map<number, number>): this {
    this.fill()
    return super.set(fieldId, freqs)
  }

  override delete(fieldId: number): boolean {
    this.fill()
    return super.delete(fieldId)
  }

  override clear(): void {
    this.arrays = null
    super.clear()
  }

  override forEach(
    callback: (value: Map<number, number>, key: number, map: Map<number, Map<number, number>>) => void,
    thisArg?: unknown,
  ): void {
    this.fill()
    super.forEach(callback, thisArg)
  }

  override keys(): MapIterator<number> {
    this.fill()
    return super.keys()
  }

  override values(): MapIterator<Map<number, number>> {
    this.fill()
    return super.values()
  }

  override entries(): MapIterator<[number, Map<number, number>]> {
    this.fill()
    return super.entries()
  }

  override [Symbol.iterator](): MapIterator<[number, Map<number, number>]> {
    return this.entries()
  }

  private fill(): void {
    const arrays = this.arrays
    if (arrays === null) return
    this.arrays = null
    const { entryFields, postingStarts, docs, freqs } = arrays
    for (let entry = this.entryStart; entry < this.entryEnd; entry++) {
      const postings = new Map<number, number>()
      for (let p = postingStarts[entry]!; p < postingStarts[entry + 1]!; p++)
        postings.set(docs[p]!, freqs[p]!)
      super.set(entryFields[entry]!, postings)
    }
  }
}
