/**
 * A keyword index's chunk ids by ordinal (`Bm25State.ids`). Read from a snapshot (`of`), the ids
 * stay the one text they were decoded as, with where each begins, and an id is cut from it only when
 * asked: a search asks for its hits' ids, a change or a snapshot's write for theirs. Cutting all of
 * them as BM25's part was read took 70-107 ms of 124-248 ms in a browser cold start at 138,692
 * passages, before the first search could run (bench/README.md, browser-large, session 47).
 *
 * Ids that are all UUIDs as Quire makes them (`newId`: lowercase, hyphenated) are read as their 16 bytes
 * each (`ofUuids`, "QBM4"), 2.2 MB where their text took 5.5 MB at 139k passages (session 51), and
 * formatted when asked.
 */
export class IdTable {
  /** Ids cut or set so far, by ordinal (holes: not cut yet). */
  private readonly values: Array<string | undefined>

  private constructor(
    /** How many ids were read. */
    private readonly count: number,
    /** The id read at an ordinal below `count`. */
    private readonly cut: (ordinal: number) => string,
  ) {
    this.values = new Array<string | undefined>(count)
  }

  /** An empty table. */
  static empty(): IdTable {
    return new IdTable(0, () => '')
  }

  /** The ids of `text`, the i-th from `starts[i]` to `starts[i + 1]` (`ByteReader.stringTable`). */
  static of({ text, starts }: { text: string; starts: Int32Array }): IdTable {
    return new IdTable(starts.length - 1, (ordinal) => text.slice(starts[ordinal], starts[ordinal + 1]))
  }

  /** The UUIDs of `packUuids`' bytes. Throws a RangeError on bytes that are not whole UUIDs. */
  static ofUuids(bytes: Uint8Array): IdTable {
    if (bytes.length % 16 !== 0) throw new RangeError('UUIDs of odd size')
    return new IdTable(bytes.length / 16, (ordinal) => formatUuid(bytes, ordinal * 16))
  }

  /** The id of `ordinal` ('' for a removed chunk's, undefined past the table). */
  at(ordinal: number): string | undefined {
    const value = this.values[ordinal]
    if (value !== undefined || ordinal >= this.count || ordinal < 0) return value
    return (this.values[ordinal] = this.cut(ordinal))
  }

  set(ordinal: number, id: string): void {
    this.values[ordinal] = id
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
/** Each byte's two lowercase hex digits, as character codes. */
const HEX_CODES = Array.from({ length: 256 }, (_, byte) =>
  [...byte.toString(16).padStart(2, '0')].map((digit) => digit.charCodeAt(0)),
)
/** Where a UUID's text has a hyphen before its byte: after bytes 4, 6, 8 and 10. */
const HYPHEN_BEFORE = [4, 6, 8, 10]

/**
 * Writes `id` as its 16 bytes into `into` at `at`, for `IdTable.ofUuids`; false (and nothing written)
 * unless it is a lowercase hyphenated UUID: any other spelling would come back as another string.
 */
export function packUuid(id: string, into: Uint8Array, at: number): boolean {
  if (!UUID.test(id)) return false
  let b = at
  for (let i = 0; i < 36; i += 2) {
    if (id.charCodeAt(i) === 45) i++ // '-'
    into[b++] = (hexValue(id.charCodeAt(i)) << 4) | hexValue(id.charCodeAt(i + 1))
  }
  return true
}

/** A lowercase hex digit's value (the caller has checked it is one). */
function hexValue(code: number): number {
  return code <= 57 ? code - 48 : code - 87
}

/** The UUID of the 16 bytes at `at`, made as one flat string (not 20 concatenated pieces). */
function formatUuid(bytes: Uint8Array, at: number): string {
  const codes = new Array<number>(36)
  let c = 0
  for (let b = 0; b < 16; b++) {
    if (HYPHEN_BEFORE.includes(b)) codes[c++] = 45 // '-'
    const [high, low] = HEX_CODES[bytes[at + b]!]!
    codes[c++] = high!
    codes[c++] = low!
  }
  return String.fromCharCode(...codes)
}
