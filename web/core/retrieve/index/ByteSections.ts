/**
 * Binary sections for the index snapshot (`Bm25Index.toBytes`, `encodeIndexSnapshot`): a JSON header,
 * typed arrays of i32 and tables of strings, each written as its byte length (u32) then its bytes,
 * little-endian. Fast to read back: an Int32Array is one copy, a table of strings one UTF-8 decode
 * and a slice per string, where JSON of 100k chunks' postings took seconds to parse.
 */
export class ByteWriter {
  private readonly parts: Uint8Array[] = []
  private length = 0

  json(value: unknown): this {
    return this.bytes(new TextEncoder().encode(JSON.stringify(value)))
  }

  ints(values: Int32Array): this {
    if (!HOST_IS_LITTLE_ENDIAN) throw new RangeError('Index snapshots need a little-endian host')
    return this.bytes(new Uint8Array(values.buffer, values.byteOffset, values.byteLength))
  }

  /**
   * Strings as their UTF-16 lengths then one UTF-8 blob. A lone surrogate would come back as U+FFFD
   * (another id): refused, so the index is never restored with ids that are not the stored ones.
   */
  strings(values: readonly string[]): this {
    const lengths = new Int32Array(values.length)
    values.forEach((value, i) => {
      if (LONE_SURROGATE.test(value)) throw new RangeError('A string of the index is not well-formed UTF-16')
      lengths[i] = value.length
    })
    this.ints(lengths)
    return this.bytes(new TextEncoder().encode(values.join('')))
  }

  bytes(bytes: Uint8Array): this {
    const size = new Uint8Array(4)
    new DataView(size.buffer).setUint32(0, bytes.length, true)
    this.parts.push(size, bytes)
    this.length += 4 + bytes.length
    return this
  }

  finish(): Uint8Array {
    const out = new Uint8Array(this.length)
    let offset = 0
    for (const part of this.parts) {
      out.set(part, offset)
      offset += part.length
    }
    return out
  }
}

/** Reads what `ByteWriter` wrote, in the same order; throws a RangeError on anything truncated or malformed. */
export class ByteReader {
  private offset = 0

  constructor(private readonly source: Uint8Array) {}

  json(): unknown {
    try {
      return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(this.bytes()))
    } catch (error) {
      if (error instanceof RangeError) throw error
      throw new RangeError('an unreadable header')
    }
  }

  ints(expectedLength?: number): Int32Array {
    const bytes = this.bytes()
    if (bytes.length % 4 !== 0) throw new RangeError('a list of numbers of odd size')
    const values = new Int32Array(bytes.length / 4)
    new Uint8Array(values.buffer).set(bytes)
    if (expectedLength !== undefined && values.length !== expectedLength) {
      throw new RangeError(`${values.length} numbers where ${expectedLength} were expected`)
    }
    return values
  }

  strings(expectedLength?: number): string[] {
    const { text, starts } = this.stringTable(expectedLength)
    const values = new Array<string>(starts.length - 1)
    for (let i = 0; i < values.length; i++) values[i] = text.slice(starts[i], starts[i + 1])
    return values
  }

  /**
   * What `ByteWriter.strings` wrote, not yet cut into strings: their text, and where each begins (then
   * where the last ends). Throws a RangeError where the lengths do not cut the text exactly.
   */
  stringTable(expectedLength?: number): { text: string; starts: Int32Array } {
    const lengths = this.ints(expectedLength)
    let text: string
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(this.bytes())
    } catch {
      throw new RangeError('a table of strings that is not UTF-8')
    }
    const starts = new Int32Array(lengths.length + 1)
    let at = 0
    for (let i = 0; i < lengths.length; i++) {
      const length = lengths[i]!
      if (length < 0 || at + length > text.length) throw new RangeError('a string past its table')
      starts[i] = at
      at += length
    }
    if (at !== text.length) throw new RangeError('a table of strings longer than its strings')
    starts[lengths.length] = at
    return { text, starts }
  }

  bytes(): Uint8Array {
    if (this.offset + 4 > this.source.length) throw new RangeError('truncated')
    const size = new DataView(this.source.buffer, this.source.byteOffset + this.offset, 4).getUint32(0, true)
    const start = this.offset + 4
    if (start + size > this.source.length) throw new RangeError('truncated')
    this.offset = start + size
    return this.source.subarray(start, start + size)
  }

  /** Throws unless every byte was read: trailing bytes mean another format. */
  end(): void {
    if (this.offset !== this.source.length) throw new RangeError('bytes after the end')
  }
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

const HOST_IS_LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1
