/**
 * A small Python tokenizer, enough to find and read literal assignments in BrainDrive's
 * `lifecycle_manager.py` without running it. It is lenient on purpose: the rest of such a file is
 * ordinary Python (f-strings, decorators, async code) that only has to be skipped correctly, so
 * anything it does not know becomes an `op` token, and a string left open is marked `unterminated`
 * rather than failing here; only the literal reader refuses such tokens, when it meets them.
 */

export type PyToken =
  | { kind: 'name'; text: string; line: number }
  | { kind: 'number'; text: string; line: number }
  | { kind: 'string'; text: string; value: string; prefix: string; unterminated?: string; line: number }
  | { kind: 'op'; text: string; line: number }
  /** The end of a logical line: emitted only outside brackets and not after a `\` continuation. */
  | { kind: 'newline'; text: string; line: number }
  | { kind: 'end'; text: string; line: number }

const OPERATORS = [
  '**=',
  '//=',
  '>>=',
  '<<=',
  '...',
  '->',
  ':=',
  '**',
  '//',
  '<<',
  '>>',
  '<=',
  '>=',
  '==',
  '!=',
]
const STRING_PREFIX = /^(?:[rRuUbBfF]|[rR][bBfF]|[bBfF][rR])$/

export function tokenizePython(source: string): PyToken[] {
  const tokens: PyToken[] = []
  let i = 0
  let line = 1
  let depth = 0
  const n = source.length

  const pushNewline = () => {
    const last = tokens[tokens.length - 1]
    if (depth === 0 && last && last.kind !== 'newline') tokens.push({ kind: 'newline', text: '\n', line })
  }

  while (i < n) {
    const c = source[i] as string
    if (c === '\n') {
      pushNewline()
      line++
      i++
    } else if (c === ' ' || c === '\t' || c === '\r' || c === '\f') {
      i++
    } else if (c === '#') {
      while (i < n && source[i] !== '\n') i++
    } else if (c === '\\' && (source[i + 1] === '\n' || (source[i + 1] === '\r' && source[i + 2] === '\n'))) {
      // Explicit line joining: the logical line goes on.
      i += source[i + 1] === '\n' ? 2 : 3
      line++
    } else if (isNameStart(c)) {
      let j = i + 1
      while (j < n && isNamePart(source[j] as string)) j++
      const word = source.slice(i, j)
      const q = source[j]
      if ((q === '"' || q === "'") && STRING_PREFIX.test(word)) {
        const token = readString(source, j, word, line)
        tokens.push(token.token)
        line += token.lines
        i = token.end
      } else {
        tokens.push({ kind: 'name', text: word, line })
        i = j
      }
    } else if (c === '"' || c === "'") {
      const token = readString(source, i, '', line)
      tokens.push(token.token)
      line += token.lines
      i = token.end
    } else if (isDigit(c) || (c === '.' && isDigit(source[i + 1] ?? ''))) {
      let j = i + 1
      // Greedy over what a number may contain; the literal reader checks its form.
      while (j < n) {
        const d = source[j] as string
        if (isNamePart(d) || d === '.') j++
        else if (
          (d === '+' || d === '-') &&
          /[eE]/.test(source[j - 1] as string) &&
          !/^0[xX]/.test(source.slice(i, j))
        )
          j++
        else break
      }
      tokens.push({ kind: 'number', text: source.slice(i, j), line })
      i = j
    } else {
      const op = OPERATORS.find((o) => source.startsWith(o, i)) ?? c
      if (op === '(' || op === '[' || op === '{') depth++
      else if ((op === ')' || op === ']' || op === '}') && depth > 0) depth--
      tokens.push({ kind: 'op', text: op, line })
      i += op.length
    }
  }
  pushNewline()
  tokens.push({ kind: 'end', text: '', line })
  return tokens
}

// Character classes by code, not by regex: the tokenizer looks at every character of the file.
function isDigit(c: string): boolean {
  return c >= '0' && c <= '9'
}
function isNameStart(c: string): boolean {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '_' || c.charCodeAt(0) > 127
}
function isNamePart(c: string): boolean {
  return isNameStart(c) || isDigit(c)
}

interface ReadString {
  token: PyToken
  end: number
  lines: number
}

/** Reads one string literal starting at its opening quote; `value` is decoded unless raw. */
function readString(source: string, start: number, prefix: string, line: number): ReadString {
  const quote = source[start] as string
  const triple = source.startsWith(quote.repeat(3), start)
  const delimiter = triple ? quote.repeat(3) : quote
  const raw = /[rR]/.test(prefix)
  let i = start + delimiter.length
  let value = ''
  let lines = 0
  let unterminated: string | undefined
  for (;;) {
    if (i >= source.length) {
      unterminated = 'reaches the end of the file'
      break
    }
    if (source.startsWith(delimiter, i)) {
      i += delimiter.length
      break
    }
    const c = source[i] as string
    if (c === '\n' && !triple) {
      unterminated = 'ends at the end of its line'
      break
    }
    if (c === '\\') {
      const escape = readEscape(source, i, raw)
      value += escape.text
      lines += escape.lines
      i = escape.end
      continue
    }
    if (c === '\n') lines++
    value += c
    i++
  }
  const text = source.slice(start - prefix.length, i)
  const token: PyToken = { kind: 'string', text, value, prefix, line }
  if (unterminated) token.unterminated = unterminated
  return { token, end: i, lines }
}

const SIMPLE_ESCAPES: Record<string, string> = {
  '\\': '\\',
  "'": "'",
  '"': '"',
  a: '\x07',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
}

function readEscape(source: string, i: number, raw: boolean): { text: string; end: number; lines: number } {
  const next = source[i + 1]
  if (next === undefined) return { text: '\\', end: i + 1, lines: 0 }
  // In a raw string a backslash still keeps the next character from closing the string.
  if (raw) return { text: '\\' + next, end: i + 2, lines: next === '\n' ? 1 : 0 }
  if (next === '\n') return { text: '', end: i + 2, lines: 1 }
  if (next === '\r' && source[i + 2] === '\n') return { text: '', end: i + 3, lines: 1 }
  const simple = SIMPLE_ESCAPES[next]
  if (simple !== undefined) return { text: simple, end: i + 2, lines: 0 }
  const hex = (len: number) => {
    const digits = source.slice(i + 2, i + 2 + len)
    const code = /^[0-9a-fA-F]+$/.test(digits) && digits.length === len ? parseInt(digits, 16) : NaN
    // An invalid or out-of-range escape is a SyntaxError in Python; U+FFFD keeps it visible.
    const text = Number.isNaN(code) || code > 0x10ffff ? '\uFFFD' : String.fromCodePoint(code)
    return { text, end: i + 2 + len, lines: 0 }
  }
  if (next === 'x') return hex(2)
  if (next === 'u') return hex(4)
  if (next === 'U') return hex(8)
  if (next >= '0' && next <= '7') {
    let j = i + 1
    while (j < i + 4 && (source[j] as string) >= '0' && (source[j] as string) <= '7') j++
    return { text: String.fromCharCode(parseInt(source.slice(i + 1, j), 8)), end: j, lines: 0 }
  }
  // Unknown escapes (and \N{...}, which needs Unicode's name table) are kept as written, as Python keeps unknown ones.
  return { text: '\\' + next, end: i + 2, lines: 0 }
}
