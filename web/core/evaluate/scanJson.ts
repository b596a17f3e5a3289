/**
 * A JSON syntax checker that says where a text stops being JSON, for messages people can act on.
 *
 * `JSON.parse` does the real parsing; its error messages differ between engines (V8 names a position only
 * for some errors, Firefox a line and column, Safari neither), so when it fails this scanner finds the
 * offset itself. On text that parses, it also reports where each test case starts (the elements of a
 * top-level array, or of the top-level object's `test_cases` array), so that a bad case can be named by
 * its line.
 */
export interface JsonScan {
  /** The first syntax error, or null when the text is JSON. */
  error: { offset: number; message: string } | null
  /** Offsets of the test-case elements (see above); empty when there is no such array. */
  caseOffsets: number[]
}

// Deep enough for any test-case file; deeper input is reported rather than overflowing the stack.
const MAX_DEPTH = 256

class SyntaxFault {
  constructor(
    readonly offset: number,
    readonly message: string,
  ) {}
}

export function scanJson(text: string): JsonScan {
  const scanner = new Scanner(text)
  try {
    scanner.document()
    return { error: null, caseOffsets: scanner.caseOffsets }
  } catch (error) {
    if (error instanceof SyntaxFault) return { error: { ...error }, caseOffsets: [] }
    throw error
  }
}

/**
 * Maps offsets to 1-based lines and columns (columns count UTF-16 units, as most editors do). Built once
 * per text: looking up every case of a 10,000-case file by scanning from the start would be quadratic.
 */
export function lineLocator(text: string): (offset: number) => { line: number; column: number } {
  const starts = [0]
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1)
  return (offset) => {
    let low = 0
    let high = starts.length - 1
    while (low < high) {
      const middle = (low + high + 1) >> 1
      if (starts[middle]! <= offset) low = middle
      else high = middle - 1
    }
    return { line: low + 1, column: offset - starts[low]! + 1 }
  }
}

class Scanner {
  pos = 0
  caseOffsets: number[] = []

  constructor(private readonly text: string) {}

  document(): void {
    this.whitespace()
    const start = this.pos
    if (this.text[start] === '[') this.array(0, true)
    else if (this.text[start] === '{') this.object(0, true)
    else this.value(0)
    this.whitespace()
    if (this.pos < this.text.length) this.fail('unexpected text after the end of the JSON value')
  }

  private value(depth: number): void {
    this.whitespace()
    const c = this.text[this.pos]
    if (c === '{') this.object(depth, false)
    else if (c === '[') this.array(depth, false)
    else if (c === '"') this.string()
    else if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) this.number()
    else if (c === 't') this.literal('true')
    else if (c === 'f') this.literal('false')
    else if (c === 'n') this.literal('null')
    else if (c === undefined) this.fail('unexpected end of file, expected a value')
    else if (c === "'") this.fail('strings must use double quotes')
    else this.fail(unexpected(c))
  }

  private object(depth: number, topLevel: boolean): void {
    if (this.opensEmpty(depth, '}')) return
    for (;;) {
      this.whitespace()
      const c = this.text[this.pos]
      if (c === '}') this.fail("trailing comma before '}'")
      if (c !== '"') this.fail('expected a property name in double quotes')
      const key = this.string()
      this.whitespace()
      if (this.text[this.pos] !== ':') this.fail("expected ':' after the property name")
      this.pos++
      this.whitespace()
      if (topLevel && key === 'test_cases' && this.text[this.pos] === '[') {
        this.caseOffsets = [] // a repeated key wins, as in JSON.parse
        this.array(depth + 1, true)
      } else {
        this.value(depth + 1)
      }
      if (this.closes('}')) return
    }
  }

  private array(depth: number, collect: boolean): void {
    if (this.opensEmpty(depth, ']')) return
    for (;;) {
      this.whitespace()
      if (this.text[this.pos] === ']') this.fail("trailing comma before ']'")
      if (collect) this.caseOffsets.push(this.pos)
      this.value(depth + 1)
      if (this.closes(']')) return
    }
  }

  /** Steps over an object's or array's opening bracket; true when `close` follows at once (also stepped over). */
  private opensEmpty(depth: number, close: '}' | ']'): boolean {
    this.enter(depth)
    this.pos++
    this.whitespace()
    if (this.text[this.pos] !== close) return false
    this.pos++
    return true
  }

  /** After a member: true at `close` (stepped over), false after a comma (stepped over); anything else fails. */
  private closes(close: '}' | ']'): boolean {
    this.whitespace()
    const next = this.text[this.pos]
    if (next === ',' || next === close) {
      this.pos++
      return next === close
    }
    this.fail(
      next === undefined
        ? `unexpected end of file, expected ',' or '${close}'`
        : `expected ',' or '${close}'`,
    )
  }

  /** Scans a string starting at its opening quote and returns its raw content (escapes left as written). */
  private string(): string {
    const open = this.pos
    this.pos++
    for (;;) {
      const code = this.text.charCodeAt(this.pos)
      if (Number.isNaN(code)) {
        this.pos = open
        this.fail('string is never closed')
      }
      if (code === 0x22) {
        this.pos++
        return this.text.slice(open + 1, this.pos - 1)
      }
      if (code < 0x20) this.fail('line break or control character inside a string (write it as \\n)')
      if (code === 0x5c) {
        const escape = this.text[this.pos + 1]
        if (escape === 'u') {
          if (!/^[0-9a-fA-F]{4}$/u.test(this.text.slice(this.pos + 2, this.pos + 6))) {
            this.fail('\\u must be followed by four hex digits')
          }
          this.pos += 6
          continue
        }
        if (escape === undefined || !'"\\/bfnrt'.includes(escape)) this.fail('invalid escape in a string')
        this.pos += 2
        continue
      }
      this.pos++
    }
  }

  private number(): void {
    const match = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/uy
    match.lastIndex = this.pos
    const found = match.exec(this.text)
    if (!found) this.fail('invalid number')
    this.pos += found[0].length
    const next = this.text[this.pos]
    if (next !== undefined && /[0-9.eE+-]/u.test(next)) this.fail('invalid number')
  }

  private literal(word: 'true' | 'false' | 'null'): void {
    if (this.text.startsWith(word, this.pos)) {
      this.pos += word.length
      return
    }
    this.fail(unexpected(this.text[this.pos] ?? ''))
  }

  private whitespace(): void {
    while (this.pos < this.text.length) {
      const c = this.text.charCodeAt(this.pos)
      if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) return
      this.pos++
    }
  }

  private enter(depth: number): void {
    if (depth >= MAX_DEPTH) this.fail(`nested deeper than ${MAX_DEPTH} levels`)
  }

  private fail(message: string): never {
    throw new SyntaxFault(this.pos, message)
  }
}

function unexpected(c: string): string {
  // A bare word is most often an unquoted string (`ground_truth: Paris`); say so.
  const hint = /^\p{L}$/u.test(c) ? ' (strings need double quotes)' : ''
  return `unexpected '${c}', expected a value${hint}`
}
