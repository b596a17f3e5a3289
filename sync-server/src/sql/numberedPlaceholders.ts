/**
 * The store's `?` placeholders as PostgreSQL's `$1..$n`. A `?` inside a string literal ('it''s?'), a
 * quoted identifier ("a?") or a comment is text, not a parameter, and stays as it is. PostgreSQL's
 * own `?` operators (jsonb's `?`, `?|`, `?&`) would be taken for parameters: the store's SQL, written
 * for both databases, has none.
 */
export function numberedPlaceholders(sql: string): string {
  let out = ''
  let n = 0
  for (let i = 0; i < sql.length; i++) {
    const c = sql[i]!
    if (c === "'" || c === '"') {
      // Copy up to the closing quote; a doubled quote is an escaped one and continues the literal.
      let j = i + 1
      for (; j < sql.length; j++) {
        if (sql[j] === c) {
          if (sql[j + 1] === c) j++
          else break
        }
      }
      out += sql.slice(i, j + 1)
      i = j
    } else if (c === '-' && sql[i + 1] === '-') {
      const end = sql.indexOf('\n', i)
      const stop = end === -1 ? sql.length : end
      out += sql.slice(i, stop)
      i = stop - 1
    } else if (c === '/' && sql[i + 1] === '*') {
      const end = sql.indexOf('*/', i + 2)
      const stop = end === -1 ? sql.length : end + 2
      out += sql.slice(i, stop)
      i = stop - 1
    } else if (c === '?') {
      out += `$${++n}`
    } else {
      out += c
    }
  }
  return out
}
