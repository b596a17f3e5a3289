import { createHash } from 'node:crypto'

/** The longest folder name a person's username or email becomes (file systems allow 255 bytes). */
export const FOLDER_NAME_MAX = 120

/** Kept as they are; every other character is escaped. `.` only past the first character. */
const PLAIN = /[a-z0-9_@+-]/u

/**
 * A username or email as one folder name, for FOLDER_ROOTS' `{username}` and `{email}`: what an
 * operator knows before the person signs up, so their folder can be made ahead.
 *
 * - Case-folded (lowercased), as the accounts compare them: usernames are unique whatever their case
 *   and emails are stored lowercased, so two accounts never fold to one name.
 * - Letters `a-z`, digits and `_ @ + -` stay as they are, and `.` except first: `alice`,
 *   `alice.smith@example.com`. Every other character, `%` itself included, becomes `%` and its UTF-8
 *   bytes in lowercase hex (`/` is `%2f`, NUL `%00`, `é` `%c3%a9`, a first `.` `%2e`): so no path
 *   separator, no `.` or `..`, no hidden name, no control character, and different inputs never give
 *   the same name (the escaping can be read back).
 * - Past FOLDER_NAME_MAX characters, the first 80 of it and `~` with 32 hex digits of the SHA-256 of the
 *   whole folded value. `~` appears in no other name (it is escaped), so a shortened name never equals a
 *   whole one, and two shortened names would need a SHA-256 collision.
 * - An empty value is `%`, which no other value gives (a `%` is always followed by two hex digits).
 */
export function folderNameOf(value: string): string {
  const folded = value.toLowerCase()
  let name = ''
  for (const char of folded) {
    if (PLAIN.test(char) || (char === '.' && name.length > 0)) name += char
    else for (const byte of new TextEncoder().encode(char)) name += `%${byte.toString(16).padStart(2, '0')}`
  }
  if (name.length === 0) return '%'
  if (name.length <= FOLDER_NAME_MAX) return name
  // Cut before an escape it would split, so the start still reads back as what it was.
  let cut = 80
  const escape = name.lastIndexOf('%', cut - 1)
  if (escape >= 0 && escape > cut - 3) cut = escape
  return `${name.slice(0, cut)}~${createHash('sha256').update(folded).digest('hex').slice(0, 32)}`
}
