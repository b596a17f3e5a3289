/**
 * Small integer codes for a few repeated strings (collection and embedder ids), so that a scan over
 * 100k rows compares integers in a typed array instead of strings. Codes are never reused or freed:
 * there are few distinct values, and a row's code must keep meaning the same string.
 */
export class Interner {
  private readonly codes = new Map<string, number>()
  readonly values: string[] = []

  static from(values: readonly string[]): Interner {
    const interner = new Interner()
    for (const value of values) interner.intern(value)
    return interner
  }

  /** The value's code, assigning the next one when it is new. */
  intern(value: string): number {
    let code = this.codes.get(value)
    if (code === undefined) {
      code = this.values.length
      this.values.push(value)
      this.codes.set(value, code)
    }
    return code
  }

  /** The value's code, or undefined when it was never interned (so no row can have it). */
  find(value: string): number | undefined {
    return this.codes.get(value)
  }
}
