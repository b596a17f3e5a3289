import type { PyToken } from './pythonTokens'

/**
 * Reads one Python literal (what `ast.literal_eval` would accept, minus sets, bytes and complex
 * numbers, which JSON cannot hold) from tokens, as a JSON value: dict -> object, list and tuple ->
 * array, str (adjacent strings joined), int, float, True/False/None. Anything else - a name, a call,
 * an attribute, an f-string, a `**` spread, an operator - would need the file to run to know its
 * value, so it stops the reading with a `NotALiteral` that says what was found and on which line.
 */

export class NotALiteral extends Error {
  readonly line: number
  constructor(found: string, line: number) {
    super(`${found} at line ${line}`)
    this.name = 'NotALiteral'
    this.line = line
  }
}

// BrainDrive's manifests nest about six levels; far deeper is hostile input, not a manifest.
const MAX_DEPTH = 64

/** The literal starting at `tokens[start]`, and the index of the first token after it. */
export function readPythonLiteral(
  tokens: readonly PyToken[],
  start: number,
  options: LiteralOptions = {},
): { value: unknown; next: number } {
  const reader = new LiteralReader(tokens, start, options)
  const value = reader.value(0)
  return { value, next: reader.index }
}

export interface LiteralOptions {
  /**
   * Read an attribute (`self.settings_definition_id`) as null, its value unknown, instead of refusing
   * the literal: for values Quire only shows (a plugin's runtime services), never for its manifest.
   */
  unknownAttributes?: boolean
}

class LiteralReader {
  index: number
  constructor(
    private readonly tokens: readonly PyToken[],
    start: number,
    private readonly options: LiteralOptions = {},
  ) {
    this.index = start
  }

  private peek(offset = 0): PyToken {
    return (this.tokens[this.index + offset] ?? this.tokens[this.tokens.length - 1]) as PyToken
  }

  private isOp(text: string, offset = 0): boolean {
    const t = this.peek(offset)
    return t.kind === 'op' && t.text === text
  }

  value(depth: number): unknown {
    const t = this.peek()
    if (depth > MAX_DEPTH) throw new NotALiteral(`values nested more than ${MAX_DEPTH} deep`, t.line)
    const value = this.atom(depth)
    this.refuseOperatorAfterValue()
    return value
  }

  private atom(depth: number): unknown {
    const t = this.peek()
    switch (t.kind) {
      case 'string':
        return this.strings()
      case 'number':
        this.index++
        return numberValue(t.text, t.line, 1)
      case 'name':
        return this.name(t)
      case 'newline':
      case 'end':
        throw new NotALiteral('no value (the line ends)', t.line)
      case 'op':
        break
    }
    if ((t.text === '-' || t.text === '+') && this.peek(1).kind === 'number') {
      this.index += 2
      return numberValue(this.peek(-1).text, t.line, t.text === '-' ? -1 : 1)
    }
    if (t.text === '{') return this.dict(depth)
    if (t.text === '[') return this.sequence(depth, ']', 'list')
    if (t.text === '(') return this.parenthesised(depth)
    if (t.text === '*' || t.text === '**') throw new NotALiteral(`a \`${t.text}\` spread`, t.line)
    throw new NotALiteral(`\`${t.text}\` where a value should be`, t.line)
  }

  private name(t: PyToken): unknown {
    this.index++
    if (t.text === 'True') return true
    if (t.text === 'False') return false
    if (t.text === 'None') return null
    const next = this.peek()
    if (next.kind === 'op' && next.text === '(') throw new NotALiteral(`a call to \`${t.text}(...)\``, t.line)
    if (next.kind === 'op' && next.text === '.' && this.options.unknownAttributes) {
      while (this.isOp('.') && this.peek(1).kind === 'name') this.index += 2
      if (this.isOp('(')) throw new NotALiteral(`a call to \`${t.text}...(...)\``, t.line)
      return null
    }
    if (next.kind === 'op' && next.text === '.') {
      const attribute = this.peek(1)
      throw new NotALiteral(
        `the attribute \`${t.text}.${attribute.kind === 'name' ? attribute.text : '...'}\``,
        t.line,
      )
    }
    const hint = JSON_WORDS[t.text]
    throw new NotALiteral(`the name \`${t.text}\`${hint ? ` (Python writes ${hint})` : ''}`, t.line)
  }

  /** Adjacent string literals are one string, as in Python. */
  private strings(): string {
    let out = ''
    for (let t = this.peek(); t.kind === 'string'; t = this.peek()) {
      if (t.unterminated) throw new NotALiteral(`a string that ${t.unterminated}`, t.line)
      if (/[fF]/.test(t.prefix)) throw new NotALiteral(`an f-string (${abbreviate(t.text)})`, t.line)
      if (/[bB]/.test(t.prefix)) throw new NotALiteral(`a bytes literal (${abbreviate(t.text)})`, t.line)
      out += t.value
      this.index++
    }
    return out
  }

  private dict(depth: number): Record<string, unknown> {
    const open = this.peek()
    this.index++
    const entries: Array<[string, unknown]> = []
    while (!this.isOp('}')) {
      const keyToken = this.peek()
      if (keyToken.kind === 'op' && keyToken.text === '**')
        throw new NotALiteral('a `**` spread in a dict', keyToken.line)
      const key = this.value(depth + 1)
      if (!this.isOp(':')) throw new NotALiteral('a set (a `{...}` without `key: value`)', open.line)
      if (typeof key !== 'string')
        throw new NotALiteral(`a dict key that is not a string (${String(key)})`, keyToken.line)
      this.index++
      entries.push([key, this.value(depth + 1)])
      if (!this.separator()) break
    }
    this.close('}', open)
    // fromEntries defines own properties, so a key like "__proto__" stays a plain key; a repeated key keeps its last value, as in Python.
    return Object.fromEntries(entries)
  }

  private sequence(depth: number, closer: string, what: string): unknown[] {
    const open = this.peek()
    this.index++
    const items: unknown[] = []
    while (!this.isOp(closer)) {
      const t = this.peek()
      if (t.kind === 'op' && t.text === '*') throw new NotALiteral(`a \`*\` spread in a ${what}`, t.line)
      items.push(this.value(depth + 1))
      if (!this.separator()) break
    }
    this.close(closer, open)
    return items
  }

  /** `()` and `(a, b)` are tuples (arrays here); `(a)` is `a`, which is how long strings are wrapped. */
  private parenthesised(depth: number): unknown {
    const open = this.peek()
    if (this.isOp(')', 1)) {
      this.index += 2
      return []
    }
    this.index++
    const first = this.value(depth + 1)
    if (this.isOp(')')) {
      this.index++
      return first
    }
    if (!this.isOp(',')) this.close(')', open)
    this.index++
    const rest: unknown[] = []
    while (!this.isOp(')')) {
      rest.push(this.value(depth + 1))
      if (!this.separator()) break
    }
    this.close(')', open)
    return [first, ...rest]
  }

  /** After an item: a `,` is consumed (true); anything else is left for close() to accept or refuse. */
  private separator(): boolean {
    if (!this.isOp(',')) return false
    this.index++
    return true
  }

  private close(closer: string, open: PyToken): void {
    const t = this.peek()
    if (t.kind === 'op' && t.text === closer) {
      this.index++
      return
    }
    if (t.kind === 'end')
      throw new NotALiteral(`\`${open.text}\` opened on line ${open.line} and never closed`, t.line)
    throw new NotALiteral(`\`${t.text}\` where \`,\` or \`${closer}\` should be`, t.line)
  }

  /** A value followed by an operator, a call, a subscript or `if`/`for` is an expression, not a literal. */
  private refuseOperatorAfterValue(): void {
    const t = this.peek()
    if (t.kind === 'op' && !CAN_FOLLOW_VALUE.has(t.text)) {
      const what =
        t.text === '('
          ? 'a call'
          : t.text === '['
            ? 'a subscript'
            : t.text === '.'
              ? 'an attribute'
              : 'an expression'
      throw new NotALiteral(`${what} (\`${t.text}\` after a value)`, t.line)
    }
    if (t.kind === 'name' || t.kind === 'number' || t.kind === 'string')
      throw new NotALiteral(`an expression (\`${abbreviate(t.text)}\` after a value)`, t.line)
  }
}

const CAN_FOLLOW_VALUE = new Set([',', ':', ')', ']', '}', ';'])
const JSON_WORDS: Record<string, string> = { true: 'True', false: 'False', null: 'None', none: 'None' }

function abbreviate(text: string): string {
  return text.length > 40 ? `${text.slice(0, 37)}...` : text
}

/** Python int/float spellings (underscores, 0x/0o/0b) as a finite JSON number. */
function numberValue(text: string, line: number, sign: number): number {
  if (/[jJ]$/.test(text)) throw new NotALiteral(`a complex number (${text})`, line)
  const plain = text.replace(/(?<=[0-9a-fA-F])_(?=[0-9a-fA-F])/g, '')
  let value: number
  if (/^0[xX][0-9a-fA-F]+$|^0[oO][0-7]+$|^0[bB][01]+$|^(?:0+|[1-9][0-9]*)$/.test(plain)) {
    value = Number(plain)
    if (!Number.isSafeInteger(value)) throw new NotALiteral(`an integer too large for JSON (${text})`, line)
  } else if (/^(?:\d+\.\d*(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?|\d+[eE][+-]?\d+)$/.test(plain)) {
    value = Number(plain)
    if (!Number.isFinite(value)) throw new NotALiteral(`a number too large for JSON (${text})`, line)
  } else {
    throw new NotALiteral(`a malformed number (${text})`, line)
  }
  return sign * value
}
