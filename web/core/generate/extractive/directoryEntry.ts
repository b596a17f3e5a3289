import { tokenize } from '../../retrieve/index/tokenize'
import type { AnswerSource } from '../AnswerGenerator'
import { passageLines } from './passageLines'
import { POSTAL } from './personLines'
import { MAIL_ADDRESS } from './saidByValue'

/** "Shave, Jerald", "Smith, Richard A.": a directory's entry opens with the surname, a comma, the given names. */
const SURNAME_FIRST = /^\p{Lu}[\p{L}'’-]+,\s+\p{Lu}[\p{L}'’.-]*(?:\s+\p{Lu}[\p{L}'’.-]*){0,2}$/u
/** "Jerald Shave", "Ana B. Ruiz": two to four capitalised words, the name alone on its line. */
const NAME_ALONE = /^\p{Lu}[\p{L}'’.-]*(?:\s+\p{Lu}[\p{L}'’.-]*){1,3}$/u
/** The line after a street: its town, with a comma or a postcode ("Liverpool, NY 13088"). */
const TOWN = /,|\b\d{5}(?:-\d{4})?\b|\b[A-Z]{1,2}\d[\dA-Z]?\s\d[A-Z]{2}\b/u
/** A telephone line: a label ("(H)", "Tel:") at most, then digits and separators, seven digits or more. */
const TELEPHONE_LINE = /^(?:\(?[\p{L}.]{1,6}\)?:?\s*)?\+?[\d\s().-]{7,}(?:\s*(?:ext\.?|x)\s*\d{1,6})?$/iu
const telephone = (line: string) => TELEPHONE_LINE.test(line) && (line.match(/\d/gu) ?? []).length >= 7
/** An entry runs this many lines at most after its name. */
const ENTRY_LINES = 8

/** What of an entry a question asks: where someone lives, their phone number, their e-mail. */
const ASKS: ReadonlyArray<readonly [RegExp, 'email' | 'phone' | 'address']> = [
  [/\be-?mail\b/iu, 'email'],
  [/\b(?:phone|telephone|cell|mobile)\b|\bcall\b/iu, 'phone'],
  [
    /\bwhere\b.*\b(?:live|lives|living|reside|resides|located|based)\b|\b(?:home|mailing|postal|street)?\s*address\b/iu,
    'address',
  ],
]

/**
 * "Where does jerald shave live", "what is jerald shave's phone number": the line of a directory's
 * entry that says it, the entry being the lines under a line naming the person the question names
 * ("Shave, Jerald" over "4879 Greystone Drive", "Liverpool, NY 13088", "(H) (315) 457-1496") up to the
 * next entry's name. An address is its street with its town. Null where the question asks none of these,
 * or no line names the person with a line of the kind asked under it.
 */
export function directoryEntry(ask: string, sources: readonly AnswerSource[]): string | null {
  const kind = ASKS.find(([asks]) => asks.test(ask))?.[1]
  if (!kind) return null
  const asked = new Set(tokenize(ask))
  for (const source of sources) {
    const lines = passageLines(source.text)
    for (const [i, line] of lines.entries()) {
      const surnameFirst = SURNAME_FIRST.test(line)
      if (!surnameFirst && !NAME_ALONE.test(line)) continue
      const name = tokenize(line)
      if (name.length < 2 || !name.every((word) => asked.has(word))) continue
      const opens = surnameFirst ? SURNAME_FIRST : NAME_ALONE
      const after = lines.slice(i + 1, i + 1 + ENTRY_LINES)
      const end = after.findIndex((next) => opens.test(next))
      const entry = end < 0 ? after : after.slice(0, end)
      const value = entryValue(entry, kind)
      if (value) return `${line}: ${value} [${source.number}]`
    }
  }
  return null
}

/** The entry's line or lines of the kind asked, joined; null where it has none. */
function entryValue(entry: readonly string[], kind: 'email' | 'phone' | 'address'): string | null {
  if (kind === 'address') {
    const at = entry.findIndex((line) => POSTAL.test(line) && !telephone(line))
    if (at < 0) return null
    const town = entry[at + 1]
    return town !== undefined && TOWN.test(town) && !telephone(town) && !MAIL_ADDRESS.test(town)
      ? `${entry[at]}, ${town}`
      : entry[at]!
  }
  const found = entry.filter((line) => (kind === 'email' ? MAIL_ADDRESS.test(line) : telephone(line)))
  return found.length > 0 ? found.join('; ') : null
}
