/**
 * A keyword index's chunk ids by ordinal (`Bm25State.ids`). Read from a snapshot (`of`), the ids
 * stay the one text they were decoded as, with where each begins, and an id is cut from it only when
 * asked: a search asks for its hits' ids, a change or a snapshot's write for theirs. Cutting all of
 * them as BM25's part was read took 70-107 ms of 124-248 ms in a browser cold start at 138,692
 * passages, before the first search could run (browser-large;
 * docs/decisions/0010-browser-cold-start-read.md).
 */
export class IdTable {
  /** Ids cut or set so far, by ordinal (holes: not cut yet). */
  private readonly values: Array<string | undefined>

  private constructor(
    private readonly text: string,
    /** Where each id of `text` begins, and after the last, where it ends. */
    private readonly starts: Int32Array,
  ) {
    this.values = new Array<string | undefined>(starts.length - 1)
  }

  /** An empty table. */
  static empty(): IdTable {
    return new IdTable('', Int32Array.of(0))
  }

  /** The ids of `text`, the i-th from `starts[i]` to `starts[i + 1]` (`ByteReader.stringTable`). */
  static of({ text, starts }: { text: string; starts: Int32Array }): IdTable {
    return new IdTable(text, starts)
  }

  /** The id of `ordinal` ('' for a removed chunk's, undefined past the table). */
  at(ordinal: number): string | undefined {
    const value = this.values[ordinal]
    if (value !== undefined || ordinal >= this.starts.length - 1 || ordinal < 0) return value
    return (this.values[ordinal] = this.text.slice(this.starts[ordinal], this.starts[ordinal + 1]))
  }

  set(ordinal: number, id: string): void {
    this.values[ordinal] = id
  }
}
